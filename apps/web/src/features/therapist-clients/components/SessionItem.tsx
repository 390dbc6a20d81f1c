import type { TTherapistSession } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { OutcomeControl } from './OutcomeControl.tsx';
import styles from './TherapistClients.module.css';

/** What a session's status and outcome read as to the therapist. */
function statusKey(session: TTherapistSession): string {
  if (session.outcome) return `therapistClients.outcome.${session.outcome}`;
  return `therapistClients.status.${session.status}`;
}

/** One session of the client: when (therapist's zone), which therapy, how it went, and the post-session form. */
export function SessionItem({ session, tz }: { session: TTherapistSession; tz: string }) {
  const { t } = useTranslation();
  return (
    <li className={styles.session}>
      <div className={styles.sessionHead}>
        <span className={styles.sessionWhen}>{session.starts_at.label}</span>
        <span className={styles.status} data-status={session.outcome ?? session.status}>
          {t(statusKey(session) as 'therapistClients.status.booked')}
        </span>
      </div>
      <span className={styles.muted}>
        {session.therapy_type === 'couple' ? t('therapistSessions.couple') : t('therapistSessions.single')}
        {' · '}
        {t('therapistSessions.minutes', { count: session.duration_min })}
      </span>
      {session.post_session_form && (
        <div className={styles.form}>
          <span className={styles.muted}>{t('therapistClients.postSessionForm')}: </span>
          {session.post_session_form.types.map((type) => type.label).join(', ')}
          {session.post_session_form.comment && <q className={styles.comment}>{session.post_session_form.comment}</q>}
        </div>
      )}
      <OutcomeControl session={session} tz={tz} />
    </li>
  );
}
