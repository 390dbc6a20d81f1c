import type { TPaymentMethodKey } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format.ts';
import { ChoiceGroup } from '../../../ui/ChoiceGroup.tsx';
import type { TPaymentOption } from '../lib/payment-method.ts';
import styles from './Checkout.module.css';

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

/** '3 150 ₽' with '3 500 ₽' struck before it when a discount applies. */
export function PriceText({
  price,
  discountPrice,
  currency,
}: {
  price: number;
  discountPrice: number;
  currency: string;
}) {
  const { t } = useTranslation();
  if (discountPrice >= price) return <span className={styles.price}>{formatMoney(price, currency)}</span>;
  return (
    <span className={styles.price}>
      <del className={styles.oldPrice}>
        <span className="visually-hidden">{t('checkout.oldPrice')} </span>
        {formatMoney(price, currency)}
      </del>{' '}
      <ins className={styles.newPrice}>
        <span className="visually-hidden">{t('checkout.newPrice')} </span>
        {formatMoney(discountPrice, currency)}
      </ins>
    </span>
  );
}
