import type { TPaymentMethodKey } from '@therapy/contract';
import { currencyOfPaymentMethod, DEFAULT_CURRENCY, PAYMENT_METHOD_OF_CURRENCY } from '@therapy/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyPass } from '../../../entities/pass/api/buy-pass.ts';
import { usePasses } from '../../../entities/pass/api/get-passes.ts';
import { storePendingPurchase } from '../../../entities/pass/lib/pending-purchase.ts';
import { useSetCurrency } from '../../../entities/payment-method/api/set-currency.ts';
import { PaymentMethodChoice } from '../../../entities/payment-method/components/PaymentMethodChoice.tsx';
import { PriceText } from '../../../entities/payment-method/components/PriceText.tsx';
import { initialPaymentMethod, paymentOptionsFor } from '../../../entities/payment-method/lib/payment-method.ts';
import { formatMoney } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { displayName } from '../../../lib/session.tsx';
import { useAttemptKey } from '../../../lib/use-attempt-key.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import styles from './Passes.module.css';

/**
 * The checkout modal of one pass: what it is, the payment method (the method decides the currency, and a switch
 * re-prices), the promo code state, and «Оплатить», which sends the browser to the payment page.
 */
export function PassCheckoutModal({ offerId, close }: { offerId: string; close: () => void }) {
  const { t } = useTranslation();
  const passes = usePasses();
  const setCurrency = useSetCurrency();
  const buy = useBuyPass();
  const attemptKey = useAttemptKey();
  const currency = passes.data?.currency ?? DEFAULT_CURRENCY;
  const [method, setMethod] = useState<TPaymentMethodKey | null>(null);
  const offer = passes.data?.passes.find((candidate) => candidate.id === offerId);
  // The client's therapist, whose sessions this pass may not pay for: said before «Оплатить», not after.
  const therapist = passes.data?.therapist ?? null;
  const options = paymentOptionsFor(currency, offer ?? { price: 0, discount_price: 0 });
  // Spec §4: the payment type starts as the method of the client's currency.
  const chosen = method ?? initialPaymentMethod(options, currency);
  const currencyInStep = chosen === PAYMENT_METHOD_OF_CURRENCY[currency];
  const busy = buy.isPending || buy.isSuccess || setCurrency.isPending || passes.isFetching;

  const choose = (key: TPaymentMethodKey): void => {
    setMethod(key);
    const wanted = currencyOfPaymentMethod(key);
    if (wanted !== currency) setCurrency.mutate(wanted);
  };

  const pay = (): void => {
    if (!offer) return;
    const idempotencyKey = attemptKey(`${offer.id}:${offer.currency}:${offer.discount_price}`);
    buy.mutate(
      {
        passId: offer.id,
        idempotencyKey,
        body: {
          currency: offer.currency,
          payment_method_key: PAYMENT_METHOD_OF_CURRENCY[offer.currency],
          amount: offer.discount_price,
        },
      },
      {
        onSuccess: (purchase) => {
          storePendingPurchase(purchase.id);
          navigateTo(purchase.payment_url ?? `/lk/passes?purchase=${encodeURIComponent(purchase.id)}`);
        },
      },
    );
  };

  const footer = (
    <>
      <Button variant="secondary" onClick={close}>
        {t('passes.cancel')}
      </Button>
      <Button isLoading={busy} disabled={!offer || !currencyInStep} onClick={pay}>
        {offer
          ? t('checkout.pay', { amount: formatMoney(offer.discount_price, offer.currency) })
          : t('checkout.payNoAmount')}
      </Button>
    </>
  );

  return (
    <DynamicModal title={t('passes.checkoutTitle')} footer={footer}>
      {passes.isPending && <LoadingState />}
      {passes.isError && (
        <ErrorState message={errorMessageFrom(passes.error, t)} onRetry={() => void passes.refetch()} />
      )}
      {passes.isSuccess && !offer && <Alert tone="error">{t('passes.offerGone')}</Alert>}
      {offer && passes.data && (
        <div className={styles.checkout}>
          {therapist && therapist.tier !== offer.tier && (
            <Alert tone="warning">
              {t('passes.notCoveringWarning', {
                name: displayName(therapist),
                tier: t(`tier.${therapist.tier}`),
                offerTier: t(`tier.${offer.tier}`),
              })}
            </Alert>
          )}
          <dl className={styles.details}>
            <div>
              <dt>{t('passes.pass')}</dt>
              <dd>{t('passes.sessionsCount', { count: offer.sessions_count })}</dd>
            </div>
            <div>
              <dt>{t('booking.therapyType')}</dt>
              <dd>{t(`therapyType.${offer.therapy_type}`)}</dd>
            </div>
            <div>
              <dt>{t('passes.tierLabel')}</dt>
              <dd>{t(`tier.${offer.tier}`)}</dd>
            </div>
            <div>
              <dt>{t('passes.validity')}</dt>
              <dd>{t('passes.months', { count: offer.valid_months })}</dd>
            </div>
          </dl>
          <PaymentMethodChoice options={options} value={chosen} onChange={choose} disabled={busy} />
          {setCurrency.isError && <Alert tone="error">{errorMessageFrom(setCurrency.error, t)}</Alert>}
          {passes.data.promocode.active && (
            <Alert tone="success" live={false}>
              {t('checkout.promocodeActive')}
              {passes.data.promocode.description && ` ${passes.data.promocode.description}`}
            </Alert>
          )}
          <p className={styles.total}>
            <span>{t('checkout.total')}</span>
            <span className={styles.totalAmount}>
              <PriceText price={offer.price} discountPrice={offer.discount_price} currency={offer.currency} />
            </span>
          </p>
          {buy.isError && <Alert tone="error">{errorMessageFrom(buy.error, t)}</Alert>}
          <p className={styles.note}>{t('checkout.payNotePass')}</p>
        </div>
      )}
    </DynamicModal>
  );
}
