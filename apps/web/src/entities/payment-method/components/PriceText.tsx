import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../i18n/format.ts';
import styles from './PriceText.module.css';

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
