import type { TClientSlot } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientSlots } from '../../../entities/slot/api/get-client-slots.ts';
import { SessionActions } from '../../../entities/slot/components/SessionActions.tsx';
import { useRatingAction } from '../../../entities/slot/lib/session-rating.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { cx } from '../../../lib/cx.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName } from '../../../lib/session.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button, ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import styles from '../components/Sessions.module.css';

/** `/lk/sessions`: «Мои сессии», upcoming with «Перенести» / «Отменить», then the past ones. */
export function SessionsScreen() {
  const { t } = useTranslation();
  const slots = useClientSlots();

  return (
    <Page title={t('sessions.title')}>
      {slots.isPending && <LoadingState />}
      {slots.isError && <ErrorState message={errorMessageFrom(slots.error, t)} onRetry={() => void slots.refetch()} />}
      {slots.data && (
        <>
          <Card title={t('sessions.upcomingTitle')}>
            {slots.data.upcoming.length === 0 ? (
              <EmptyState
                headingLevel={3}
                title={t('sessions.noUpcoming')}
                text={t('sessions.noUpcomingText')}
                action={<ButtonLink to="/lk/therapists">{t('sessions.book')}</ButtonLink>}
              />
            ) : (
              <ul className={styles.list}>
                {slots.data.upcoming.map((slot) => (
                  <SessionItem key={slot.id} slot={slot} />
                ))}
              </ul>
            )}
          </Card>
          {slots.data.past.length > 0 && (
            <Card title={t('sessions.pastTitle')}>
              <ul className={styles.list}>
                {slots.data.past.map((slot) => (
                  <SessionItem key={slot.id} slot={slot} />
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </Page>
  );
}

function SessionItem({ slot }: { slot: TClientSlot }) {
  const { t } = useTranslation();
  const rate = useRatingAction();
  const upcoming = slot.status === 'booked' || slot.status === 'held';
  return (
    <li className={cx(styles.item, !upcoming && styles.past)}>
      <Avatar person={slot.therapist} photoUrl={slot.therapist.avatar_thumb} size="small" />
      <div className={styles.main}>
        <p className={styles.when}>
          <Link to={`/lk/sessions/${encodeURIComponent(slot.id)}`}>{formatDateTime(slot.starts_at, slot.tz)}</Link>
        </p>
        <p className={styles.meta}>
          {displayName(slot.therapist)} · {t(`therapyType.${slot.therapy_type}`)} ·{' '}
          {t('booking.minutes', { count: slot.duration_min })}
        </p>
        <p className={cx(styles.status, styles[`status_${slot.status}`])}>{t(`sessions.status.${slot.status}`)}</p>
        {slot.status === 'booked' && <p className={styles.meta}>{slot.cancel_policy.message}</p>}
      </div>
      <div className={styles.actions}>
        {slot.status === 'held' && (
          <ButtonLink to="/lk/checkout" size="small">
            {t('sessions.pay')}
          </ButtonLink>
        )}
        {slot.status === 'booked' && (
          <SessionActions
            session={{ id: slot.id, therapistId: slot.therapist.id, label: formatDateTime(slot.starts_at, slot.tz) }}
            canReschedule={slot.can_reschedule}
            canCancel={slot.can_cancel}
          />
        )}
        {slot.can_rate && rate && (
          <Button
            size="small"
            variant="secondary"
            aria-label={t('sessions.rateLabel', { when: slot.starts_at_label })}
            onClick={() => rate(slot.id)}
          >
            {t('sessions.rate')}
          </Button>
        )}
      </div>
    </li>
  );
}
