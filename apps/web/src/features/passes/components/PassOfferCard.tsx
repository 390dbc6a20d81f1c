import type { TPassOffer } from '@therapy/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PriceText } from '../../../entities/payment-method/components/PriceText.tsx';
import { formatMoney } from '../../../i18n/format.ts';
import { Button } from '../../../ui/Button.tsx';
import styles from './Passes.module.css';

/** One bundle of the catalog: sessions, price (with the promo discount), price per session, savings, validity. */
export function PassOfferCard({
  offer,
  savings,
  onBuy,
}: {
  offer: TPassOffer;
  savings: number;
  onBuy: (offer: TPassOffer) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <article className={styles.offer} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.offerTitle}>
        {t('passes.sessionsCount', { count: offer.sessions_count })}
      </h3>
      <p className={styles.offerPrice}>
        <PriceText price={offer.price} discountPrice={offer.discount_price} currency={offer.currency} />
      </p>
      <p className={styles.perSession}>
        {t('passes.perSession', { price: formatMoney(offer.price_per_session, offer.currency) })}
      </p>
      {savings > 0 ? (
        <p className={styles.savings}>{t('passes.savings', { amount: formatMoney(savings, offer.currency) })}</p>
      ) : (
        <p className={styles.perSession}>{t('passes.single')}</p>
      )}
      <p className={styles.perSession}>{t('passes.validFor', { count: offer.valid_months })}</p>
      <Button
        className={styles.buy}
        onClick={() => onBuy(offer)}
        aria-label={t('passes.buyLabel', { what: t('passes.sessionsCount', { count: offer.sessions_count }) })}
      >
        {t('passes.buy')}
      </Button>
    </article>
  );
}
