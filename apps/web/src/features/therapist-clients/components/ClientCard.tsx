import type { TTherapistClient } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar.tsx';
import styles from './TherapistClients.module.css';

/** One client in the list: who, which therapy, how many sessions done, the next session and the standing time. */
export function ClientCard({ client }: { client: TTherapistClient }) {
  const { t } = useTranslation();
  return (
    <li className={styles.client}>
      <Avatar person={client} photoUrl={client.avatar} />
      <div className={styles.clientMain}>
        <Link className={styles.clientName} to={`/therapist/clients/${encodeURIComponent(client.hashid)}`}>
          {client.name}
        </Link>
        <span className={styles.muted}>
          {client.therapy_type === 'couple'
            ? client.partner_name
              ? t('therapistSessions.coupleWith', { name: client.partner_name })
              : t('therapistSessions.couple')
            : t('therapistSessions.single')}
          {' · '}
          {t('therapistClients.sessionsDone', { count: client.sessions_done })}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('therapistClients.next')}</dt>
          <dd>{client.next_session ? client.next_session.starts_at.label : t('therapistClients.noNext')}</dd>
        </div>
        {client.standing_slot && (
          <div>
            <dt>{t('therapistClients.standing')}</dt>
            <dd>{client.standing_slot.label}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
