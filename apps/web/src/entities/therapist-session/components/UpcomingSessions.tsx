import type { TTherapistUpcomingSession } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDayMonth, weekdayNames } from '../../../i18n/format.ts';
import { addDays, localDateOf } from '../../../i18n/format-zoned.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Card } from '../../../ui/Card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useUpcomingSessions } from '../api/get-upcoming-sessions.ts';
import { StartSessionButton } from './StartSessionButton.tsx';
import styles from './TherapistSession.module.css';

/** Sessions grouped by their day in the therapist's zone, in order. */
function byDay(sessions: readonly TTherapistUpcomingSession[]): [string, TTherapistUpcomingSession[]][] {
  const days = new Map<string, TTherapistUpcomingSession[]>();
  for (const session of sessions) {
    const list = days.get(session.starts_at.date) ?? [];
    list.push(session);
    days.set(session.starts_at.date, list);
  }
  return [...days.entries()];
}

/**
 * The therapist's week: today and the next 7 days, each session with its client and «Начать сессию», enabled in the
 * window the server opens the room. Times are in the therapist's zone, which the card names.
 */
export function UpcomingSessions() {
  const { t, i18n } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  const upcoming = useUpcomingSessions();
  const weekdays = weekdayNames(i18n.language);

  const dayTitle = (date: string, tz: string) => {
    const today = localDateOf(new Date(), tz);
    if (date === today) return t('therapistSessions.today');
    if (date === addDays(today, 1)) return t('therapistSessions.tomorrow');
    const weekday = weekdays[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] ?? '';
    const title = `${weekday}, ${formatDayMonth(date, i18n.language)}`;
    return title.charAt(0).toLocaleUpperCase(i18n.language) + title.slice(1);
  };

  return (
    <Card title={t('therapistSessions.title')}>
      {upcoming.isPending && <LoadingState />}
      {upcoming.isError && (
        <ErrorState message={errorMessageFrom(upcoming.error, t)} onRetry={() => void upcoming.refetch()} />
      )}
      {upcoming.data && upcoming.data.sessions.length === 0 && (
        <EmptyState
          headingLevel={3}
          title={t('therapistSessions.emptyTitle')}
          text={t('therapistSessions.emptyText')}
        />
      )}
      {upcoming.data && upcoming.data.sessions.length > 0 && (
        <>
          <p className={styles.zone}>{t('therapistSessions.zone', { tz: zoneLabel(upcoming.data.tz) })}</p>
          {byDay(upcoming.data.sessions).map(([date, sessions]) => (
            <section key={date} className={styles.day} aria-label={dayTitle(date, upcoming.data.tz)}>
              <h3 className={styles.dayTitle}>{dayTitle(date, upcoming.data.tz)}</h3>
              <ul className={styles.list}>
                {sessions.map((session) => (
                  <li key={session.slot_hashid} className={styles.row}>
                    <span className={styles.time}>{session.starts_at.time}</span>
                    <span className={styles.who}>
                      <Link to={`/therapist/clients/${encodeURIComponent(session.client.hashid)}`}>
                        {session.client.name}
                      </Link>
                      <span className={styles.hint}>
                        {session.therapy_type === 'couple'
                          ? session.client.partner_name
                            ? t('therapistSessions.coupleWith', { name: session.client.partner_name })
                            : t('therapistSessions.couple')
                          : t('therapistSessions.single')}
                        {' · '}
                        {t('therapistSessions.minutes', { count: session.duration_min })}
                      </span>
                    </span>
                    <StartSessionButton
                      clientHashid={session.client.hashid}
                      opensAt={session.opens_at}
                      closesAt={session.closes_at}
                      tz={upcoming.data.tz}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </Card>
  );
}
