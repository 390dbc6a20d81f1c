import type { TCurrency, TPaymentMethodKey } from '@therapy/contract';
import { CURRENCIES, normalizeCurrency, PAYMENT_METHOD_OF_CURRENCY } from '@therapy/contract/rules';

export type TPaymentOption = {
  key: TPaymentMethodKey;
  currency: TCurrency;
  /** Minor units; unknown until the client's currency is this one (the passes catalog prices one currency). */
  price?: number;
  discount_price?: number;
};

/**
 * The payment type a checkout starts with (spec §4): the method matching the checkout currency; when the list has
 * no such method, the first one.
 */
export function initialPaymentMethod(
  methods: readonly Pick<TPaymentOption, 'key' | 'currency'>[],
  currency: string | null | undefined,
): TPaymentMethodKey {
  const wanted = normalizeCurrency(currency);
  const matching = methods.find((method) => normalizeCurrency(method.currency) === wanted);
  return matching?.key ?? methods[0]?.key ?? PAYMENT_METHOD_OF_CURRENCY[wanted];
}

/** Both methods, the one of the current currency with its prices. */
export function paymentOptionsFor(
  currency: TCurrency,
  prices: { price: number; discount_price: number },
): TPaymentOption[] {
  return CURRENCIES.map((optionCurrency) => ({
    key: PAYMENT_METHOD_OF_CURRENCY[optionCurrency],
    currency: optionCurrency,
    ...(optionCurrency === currency ? prices : {}),
  }));
}
