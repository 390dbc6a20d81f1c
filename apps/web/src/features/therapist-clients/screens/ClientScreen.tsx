import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { useModalStack } from '../../../ui/ModalStack.tsx';
import { Page } from '../../../ui/Page.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useTherapistClient } from '../api/get-therapist-client.ts';
import { ReleaseStandingModal } from '../components/ReleaseStandingModal.tsx';
import { SessionItem } from '../components/SessionItem.tsx';
import styles from '../components/TherapistClients.module.css';
import { VideoboxCard } from '../components/VideoboxCard.tsx';

/**
 * `/therapist/clients/:userId`: one client. What they told at sign-up, the videobox of the next session with
 * «Начать сессию», their future and past sessions with the post-session forms (and the outcome, correctable for 48 h),
 * and «Освободить постоянное время», confirmed with the weekday and time named.
 */
export function ClientScreen() {
  const { t } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  const { userId = '' } = useParams();
  const detail = useTherapistClient(userId);
  const stack = useModalStack();
  const back = (
    <Link to="/therapist/clients" className={styles.back}>
      {t('therapistClients.back')}
    </Link>
  );

  if (detail.isPending) {
    return (
      <Page title={t('therapistClients.clientTitle')}>
        {back}
        <LoadingState />
      </Page>
    );
  }
  if (detail.isError) {
    const notFound = isApiError(detail.error) && detail.error.status === 404;
    return (
      <Page title={t('therapistClients.clientTitle')}>
        {back}
        {notFound ? (
          <EmptyState title={t('therapistClients.notYours')} />
        ) : (
          <ErrorState message={errorMessageFrom(detail.error, t)} onRetry={() => void detail.refetch()} />
        )}
      </Page>
    );
  }

  const { client, answers, upcoming, past, tz } = detail.data;
  const openRelease = () =>
    stack.open(({ close }) => (
      <ReleaseStandingModal
        clientHashid={client.hashid}
        clientName={client.name}
        standing={client.standing_slot}
        upcomingCount={upcoming.length}
        close={close}
      />
    ));

  return (
    <Page title={client.name}>
      {back}
      <div className={styles.person}>
        <Avatar person={client} photoUrl={client.avatar} size="large" />
        <div>
          <p>
            {client.therapy_type === 'couple'
              ? client.partner_name
                ? t('therapistSessions.coupleWith', { name: client.partner_name })
                : t('therapistSessions.couple')
              : t('therapistSessions.single')}
          </p>
          <p className={styles.muted}>
            {t('therapistClients.sessionsDone', { count: client.sessions_done })}
            {client.archived && ` · ${t('therapistClients.inArchive')}`}
          </p>
          <p className={styles.muted}>{t('therapistSessions.zone', { tz: zoneLabel(tz) })}</p>
        </div>
      </div>

      <div className={styles.columns}>
        <VideoboxCard clientHashid={client.hashid} tz={tz} />

        <Card title={t('therapistClients.standingTitle')}>
          {client.standing_slot ? (
            <p>
              {t('therapistClients.standingText', {
                when: client.standing_slot.label,
                count: client.standing_slot.sessions_count,
              })}
            </p>
          ) : (
            <p className={styles.muted}>{t('therapistClients.noStanding')}</p>
          )}
          {upcoming.length > 0 && (
            <Button variant="danger" onClick={openRelease}>
              {t('therapistClients.release')}
            </Button>
          )}
        </Card>

        <Card title={t('therapistClients.answers')}>
          <dl className={styles.facts}>
            <div>
              <dt>{t('therapistClients.age')}</dt>
              <dd>{answers.age ?? t('therapistClients.notGiven')}</dd>
            </div>
            <div>
              <dt>{t('therapistClients.topics')}</dt>
              <dd>
                {answers.topics.length > 0
                  ? answers.topics.map((topic) => topic.label).join(', ')
                  : t('therapistClients.notGiven')}
              </dd>
            </div>
            {answers.languages.length > 0 && (
              <div>
                <dt>{t('therapistClients.languages')}</dt>
                <dd>{answers.languages.map((language) => language.label).join(', ')}</dd>
              </div>
            )}
          </dl>
        </Card>
      </div>

      <Card title={t('therapistClients.upcoming')}>
        {upcoming.length === 0 ? (
          <p className={styles.muted}>{t('therapistClients.noUpcoming')}</p>
        ) : (
          <ul className={styles.sessions}>
            {upcoming.map((session) => (
              <SessionItem key={session.slot_hashid} session={session} tz={tz} />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('therapistClients.past')}>
        {past.length === 0 ? (
          <p className={styles.muted}>{t('therapistClients.noPast')}</p>
        ) : (
          <ul className={styles.sessions}>
            {past.map((session) => (
              <SessionItem key={session.slot_hashid} session={session} tz={tz} />
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}
