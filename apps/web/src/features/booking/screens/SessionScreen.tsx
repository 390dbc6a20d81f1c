import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useClientSlot } from '../../../entities/slot/api/get-client-slots.ts';
import { SessionActions } from '../../../entities/slot/components/SessionActions.tsx';
import { formatDateTime } from '../../../i18n/format.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { displayName } from '../../../lib/session.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import styles from '../components/Sessions.module.css';

/**
 * `/lk/sessions/:id`: one session. The video call screen comes in a later release; until then this page says so
 * honestly and keeps the session's details and actions.
 */
export function SessionScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const slot = useClientSlot(id);
  const now = useNow(30_000);

  return (
    <Page title={t('sessions.sessionTitle')}>
      <p>
        <Link to="/lk/sessions">← {t('sessions.title')}</Link>
      </p>
      {slot.isPending && <LoadingState />}
      {slot.isError && <ErrorState message={errorMessageFrom(slot.error, t)} onRetry={() => void slot.refetch()} />}
      {slot.data && (
        <Card title={formatDateTime(slot.data.starts_at, slot.data.tz)}>
          <p>
            {displayName(slot.data.therapist)} · {t(`therapyType.${slot.data.therapy_type}`)} ·{' '}
            {t('booking.minutes', { count: slot.data.duration_min })}
          </p>
          <p className={styles.status}>{t(`sessions.status.${slot.data.status}`)}</p>
          {slot.data.status === 'booked' && (
            <>
              <Alert tone="info" live={false}>
                <p>
                  <strong>{t('sessions.videoSoon')}</strong>
                </p>
                <p>
                  {Date.parse(slot.data.ends_at) < now
                    ? t('sessions.videoEnded')
                    : t('sessions.videoSoonText', { until: formatDateTime(slot.data.ends_at, slot.data.tz) })}
                </p>
              </Alert>
              {Date.parse(slot.data.ends_at) >= now && (
                <p>
                  <ButtonLink to="/lk/call">{t('sessions.openCall')}</ButtonLink>
                </p>
              )}
              <p className={styles.meta}>{slot.data.cancel_policy.message}</p>
              <div className={styles.pageActions}>
                <SessionActions
                  session={{
                    id: slot.data.id,
                    therapistId: slot.data.therapist.id,
                    label: formatDateTime(slot.data.starts_at, slot.data.tz),
                  }}
                  canReschedule={slot.data.can_reschedule}
                  canCancel={slot.data.can_cancel}
                />
              </div>
            </>
          )}
        </Card>
      )}
    </Page>
  );
}
