import type { TClientSlot, TTherapistTier } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePasses } from '../../../entities/pass/api/get-passes.ts';
import { findFittingPass } from '../../../entities/pass/lib/fitting-pass.ts';
import { useClientSlots } from '../../../entities/slot/api/get-client-slots.ts';
import { HoldCountdown } from '../../../entities/slot/components/HoldCountdown.tsx';
import { PolicyNote } from '../../../entities/slot/components/PolicyNote.tsx';
import { hasHadSessions } from '../../../entities/slot/lib/session-history.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName } from '../../../lib/session.tsx';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { DynamicModal } from '../../../ui/DynamicModal.tsx';
import { LoadingState } from '../../../ui/States.tsx';
import { useBookSlot } from '../api/book-slot.ts';
import styles from './Booking.module.css';

/**
 * The modal after a time is picked (and held): the time, how long it is kept, the cancellation policy, and then
 * «Записаться» from a fitting pass, or «Перейти к оплате» (the onboarding checkout) when there is none.
 * Modals live outside the router, so navigation comes in as `goTo`.
 */
export function BookingConfirm({
  slot,
  tier,
  goTo,
  close,
}: {
  slot: TClientSlot;
  tier: TTherapistTier;
  goTo: (path: string) => void;
  close: () => void;
}) {
  const { t } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  const passes = usePasses();
  const book = useBookSlot();
  const sessions = useClientSlots();
  const returning = sessions.data === undefined || hasHadSessions(sessions.data);
  const [expired, setExpired] = useState(false);
  const pass = passes.data
    ? findFittingPass(passes.data.client_passes, { therapyType: slot.therapy_type, tier, startsAt: slot.starts_at })
    : null;
  // A pass with sessions left that cannot pay here: say why, rather than only «no fitting pass».
  const otherTier = pass
    ? null
    : (passes.data?.client_passes.find(
        (owned) =>
          owned.status === 'active' &&
          owned.sessions_left > 0 &&
          owned.therapy_type === slot.therapy_type &&
          owned.tier !== tier,
      ) ?? null);

  if (book.isSuccess) {
    return (
      <DynamicModal
        title={t('booking.bookedTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('ui.close')}
            </Button>
            <Button onClick={() => goTo('/lk/sessions')}>{t('booking.toSessions')}</Button>
          </>
        }
      >
        <Alert tone="success">
          {t('booking.bookedText', { when: book.data.starts_at_label, name: displayName(slot.therapist) })}
        </Alert>
      </DynamicModal>
    );
  }

  const footer = (
    <>
      <Button variant="secondary" onClick={close}>
        {t('booking.otherTime')}
      </Button>
      {passes.isSuccess && pass && (
        <Button
          isLoading={book.isPending}
          disabled={expired}
          onClick={() => book.mutate({ slotId: slot.id, clientPassId: pass.id })}
        >
          {t('booking.book')}
        </Button>
      )}
      {passes.isSuccess && !pass && (
        <Button disabled={expired} onClick={() => goTo('/lk/checkout')}>
          {t('booking.toCheckout')}
        </Button>
      )}
    </>
  );

  return (
    <DynamicModal title={t('booking.confirmTitle')} footer={footer}>
      <div className={styles.confirm}>
        <dl className={styles.details}>
          <div>
            <dt>{t('booking.therapist')}</dt>
            <dd>{displayName(slot.therapist)}</dd>
          </div>
          <div>
            <dt>{t('booking.when')}</dt>
            <dd>
              {slot.starts_at_label} ({zoneLabel(slot.tz)})
            </dd>
          </div>
          <div>
            <dt>{t('booking.duration')}</dt>
            <dd>{t('booking.minutes', { count: slot.duration_min })}</dd>
          </div>
          <div>
            <dt>{t('booking.therapyType')}</dt>
            <dd>{t(`therapyType.${slot.therapy_type}`)}</dd>
          </div>
        </dl>
        {slot.hold_expires_at && <HoldCountdown expiresAt={slot.hold_expires_at} onExpire={() => setExpired(true)} />}
        <PolicyNote policy={slot.cancel_policy} action="book" startsAt={slot.starts_at} />
        {passes.isPending && <LoadingState />}
        {passes.isError && <Alert tone="error">{errorMessageFrom(passes.error, t)}</Alert>}
        {passes.isSuccess &&
          (pass ? (
            <p>{t('booking.fromPass', { count: pass.sessions_left })}</p>
          ) : (
            <>
              {otherTier && (
                <p>{t('booking.otherTierPass', { passTier: t(`tier.${otherTier.tier}`), tier: t(`tier.${tier}`) })}</p>
              )}
              <p>{t(returning ? 'booking.noPassReturning' : 'booking.noPass')}</p>
            </>
          ))}
        {book.isError && <Alert tone="error">{errorMessageFrom(book.error, t)}</Alert>}
      </div>
    </DynamicModal>
  );
}
