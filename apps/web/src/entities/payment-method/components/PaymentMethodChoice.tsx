import type { TPaymentMethodKey } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import type { TPaymentOption } from '../lib/payment-method.ts';
import { PriceText } from './PriceText.tsx';

/** «Карта в рублях» / «Карта в евро», each with its price when known (a discounted price shows the old one struck). */
export function PaymentMethodChoice({
  options,
  value,
  onChange,
  disabled,
}: {
  options: readonly TPaymentOption[];
  value: TPaymentMethodKey;
  onChange: (key: TPaymentMethodKey) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      name="payment_method"
      legend={t('checkout.paymentMethod')}
      look="rows"
      value={value}
      disabled={disabled}
      onChange={(key) => onChange(key as TPaymentMethodKey)}
      choices={options.map((option) => ({
        value: option.key,
        label: t(`checkout.method.${option.key}`),
        description:
          option.price === undefined ? (
            t('checkout.repriceHint', { currency: t(`checkout.currencyName.${option.currency}`) })
          ) : (
            <PriceText
              price={option.price}
              discountPrice={option.discount_price ?? option.price}
              currency={option.currency}
            />
          ),
      }))}
    />
  );
}
