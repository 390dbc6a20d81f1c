import type { TCheckout, TPaymentMethodKey } from '@therapy/contract';
import { currencyOfPaymentMethod } from '@therapy/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { useBuyPass } from '../../../entities/pass/api/buy-pass.ts';
import { storePendingPurchase } from '../../../entities/pass/lib/pending-purchase.ts';
import { useSetCurrency } from '../../../entities/payment-method/api/set-currency.ts';
import { PaymentMethodChoice } from '../../../entities/payment-method/components/PaymentMethodChoice.tsx';
import { PriceText } from '../../../entities/payment-method/components/PriceText.tsx';
import { initialPaymentMethod } from '../../../entities/payment-method/lib/payment-method.ts';
import { PromocodeForm } from '../../../entities/promocode/components/PromocodeForm.tsx';
import { useClientSlot, useClientSlots } from '../../../entities/slot/api/get-client-slots.ts';
import { HoldCountdown } from '../../../entities/slot/components/HoldCountdown.tsx';
import { PolicyNote } from '../../../entities/slot/components/PolicyNote.tsx';
import { hasHadSessions } from '../../../entities/slot/lib/session-history.ts';
import { formatDateTime, formatMoney } from '../../../i18n/format.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { displayName } from '../../../lib/session.tsx';
import { useAttemptKey } from '../../../lib/use-attempt-key.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useCheckout } from '../api/get-checkout.ts';
import styles from '../components/Checkout.module.css';

/**
 * `/lk/checkout`: the onboarding checkout for the held time (spec §2, §3): therapist, therapy type, time, price and
 * discount price, promo code and payment method. «Оплатить» buys the one-session pass and sends the browser to the
 * payment page; the time is booked when the payment completes.
 */
export function CheckoutScreen() {
  const { t } = useTranslation();
  const checkout = useCheckout();
  const sessions = useClientSlots();
  const noHeldTime = isApiError(checkout.error) && checkout.error.status === 404;
  // «первой» only for a client who has had no session yet; until that is known, the neutral title.
  const first = sessions.data !== undefined && !hasHadSessions(sessions.data);

  return (
    <Page title={t(first ? 'checkout.title' : 'checkout.titleReturning')}>
      {checkout.isPending && <LoadingState />}
      {checkout.isError && noHeldTime && (
        <EmptyState
          title={t('checkout.noSlotTitle')}
          text={errorMessageFrom(checkout.error, t)}
          action={<ButtonLink to="/lk/therapists">{t('checkout.chooseTime')}</ButtonLink>}
        />
      )}
      {checkout.isError && !noHeldTime && (
        <ErrorState message={errorMessageFrom(checkout.error, t)} onRetry={() => void checkout.refetch()} />
      )}
      {checkout.data && <CheckoutForm key={checkout.data.currency} checkout={checkout.data} />}
    </Page>
  );
}

function CheckoutForm({ checkout }: { checkout: TCheckout }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useClientTimeZone();
  const slot = useClientSlot(checkout.slot_hashid);
  const setCurrency = useSetCurrency();
  const buy = useBuyPass();
  const attemptKey = useAttemptKey();
  const [method, setMethod] = useState<TPaymentMethodKey>(() =>
    initialPaymentMethod(checkout.payment_methods, checkout.currency),
  );
  const [expired, setExpired] = useState(false);
  const chosen = checkout.payment_methods.find((option) => option.key === method);
  const busy = buy.isPending || buy.isSuccess || setCurrency.isPending;

  const choose = (key: TPaymentMethodKey): void => {
    setMethod(key);
    const currency = currencyOfPaymentMethod(key);
    // The method decides the currency; the server re-prices everything in it.
    if (currency !== checkout.currency) setCurrency.mutate(currency);
  };

  const pay = (): void => {
    if (!chosen) return;
    const amount = chosen.discount_price;
    const idempotencyKey = attemptKey(`${checkout.pass_id}:${checkout.slot_hashid}:${chosen.currency}:${amount}`);
    buy.mutate(
      {
        passId: checkout.pass_id,
        idempotencyKey,
        body: { currency: chosen.currency, payment_method_key: chosen.key, slot_hashid: checkout.slot_hashid, amount },
      },
      {
        onSuccess: (purchase) => {
          storePendingPurchase(purchase.id, checkout.slot_hashid);
          if (purchase.payment_url) navigateTo(purchase.payment_url);
          else navigate(`/lk/passes?purchase=${encodeURIComponent(purchase.id)}`);
        },
      },
    );
  };

  return (
    <div className={styles.layout}>
      <div className={styles.column}>
        <Card title={t('checkout.sessionTitle')}>
          <div className={styles.therapist}>
            <Avatar
              person={checkout.therapist}
              photoUrl={checkout.therapist.userpic_url ?? checkout.therapist.picture.transparent_thumb}
            />
            <div>
              <p>
                <strong>{displayName(checkout.therapist)}</strong>
              </p>
              <p className={styles.note}>{t(`therapyType.${checkout.therapy_type}`)}</p>
            </div>
          </div>
          <dl className={styles.details}>
            <div>
              <dt>{t('booking.when')}</dt>
              <dd>{formatDateTime(checkout.scheduled_on, timeZone)}</dd>
            </div>
            <div>
              <dt>{t('booking.therapyType')}</dt>
              <dd>{t(`therapyType.${checkout.therapy_type}`)}</dd>
            </div>
            {chosen && (
              <div>
                <dt>{t('checkout.price')}</dt>
                <dd>{formatMoney(chosen.price, chosen.currency)}</dd>
              </div>
            )}
            {chosen && chosen.discount_price !== chosen.price && (
              <div>
                <dt>{t('checkout.discountPrice')}</dt>
                <dd>{formatMoney(chosen.discount_price, chosen.currency)}</dd>
              </div>
            )}
          </dl>
          {slot.data?.hold_expires_at && (
            <HoldCountdown expiresAt={slot.data.hold_expires_at} onExpire={() => setExpired(true)} />
          )}
          {slot.data && <PolicyNote policy={slot.data.cancel_policy} action="book" startsAt={slot.data.starts_at} />}
        </Card>
      </div>
      <div className={styles.column}>
        <Card title={t('checkout.paymentTitle')}>
          <PaymentMethodChoice options={checkout.payment_methods} value={method} onChange={choose} disabled={busy} />
          {setCurrency.isError && <Alert tone="error">{errorMessageFrom(setCurrency.error, t)}</Alert>}
          {checkout.promocode.active ? (
            <Alert tone="success" live={false}>
              {t('checkout.promocodeActive')}
              {checkout.promocode.description && ` ${checkout.promocode.description}`}
            </Alert>
          ) : (
            <PromocodeForm />
          )}
          {chosen && (
            <p className={styles.total}>
              <span>{t('checkout.total')}</span>
              <span className={styles.totalAmount}>
                <PriceText price={chosen.price} discountPrice={chosen.discount_price} currency={chosen.currency} />
              </span>
            </p>
          )}
          {expired && (
            <Alert tone="error">
              {t('checkout.holdExpired')}{' '}
              <Link to={`/lk/therapists/${encodeURIComponent(checkout.therapist.id)}`}>{t('checkout.chooseTime')}</Link>
            </Alert>
          )}
          {buy.isError && <Alert tone="error">{errorMessageFrom(buy.error, t)}</Alert>}
          <Button block isLoading={busy} disabled={!chosen || expired} onClick={pay}>
            {chosen
              ? t('checkout.pay', { amount: formatMoney(chosen.discount_price, chosen.currency) })
              : t('checkout.payNoAmount')}
          </Button>
          <p className={styles.note}>{t('checkout.payNote')}</p>
        </Card>
      </div>
    </div>
  );
}
