import type { TCurrency } from './currency.ts';

/** spec §9: the payment method keys. */
export const PAYMENT_METHOD_KEYS = ['cloud_payments', 'stripe'] as const;
export type TPaymentMethodKey = (typeof PAYMENT_METHOD_KEYS)[number];

/** spec §9: `stripe` means euros; the other method, `cloud_payments`, takes roubles. */
export const PAYMENT_METHOD_OF_CURRENCY: Readonly<Record<TCurrency, TPaymentMethodKey>> = {
  rub: 'cloud_payments',
  eur: 'stripe',
};

/** The currency a payment method charges in: `stripe` is euros, every other key (or none) roubles. */
export function currencyOfPaymentMethod(key: string | null | undefined): TCurrency {
  return key === 'stripe' ? 'eur' : 'rub';
}

/** A stored or sent key as one of ours: `stripe` stays `stripe`, anything else is `cloud_payments`. */
export function normalizePaymentMethodKey(key: string | null | undefined): TPaymentMethodKey {
  return PAYMENT_METHOD_OF_CURRENCY[currencyOfPaymentMethod(key)];
}

/** spec §9: the key `cloud_payments` marks a foreign payment method. */
export function isForeignPaymentMethod(key: string | null | undefined): boolean {
  return key === 'cloud_payments';
}
