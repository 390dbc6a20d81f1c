import type { TTherapistClient } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../i18n/format.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import styles from './TherapistClients.module.css';

/**
 * One client in the list: who, which therapy, how many sessions done, the next session (or, with none booked, the
 * last one) and the standing time. Dates are in the signed-in therapist's zone.
 */
export function ClientCard({ client }: { client: TTherapistClient }) {
  const { t } = useTranslation();
  const tz = useClientTimeZone();
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
        {client.next_session || !client.last_session_at ? (
          <div>
            <dt>{t('therapistClients.next')}</dt>
            <dd>{client.next_session ? client.next_session.starts_at.label : t('therapistClients.noNext')}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('therapistClients.last')}</dt>
            <dd>{formatDate(client.last_session_at, tz)}</dd>
          </div>
        )}
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
