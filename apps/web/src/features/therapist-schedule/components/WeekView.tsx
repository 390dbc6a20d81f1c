import type { TSchedule, TTherapistUpcomingSession } from '@therapy/contract';
import { useTranslation } from 'react-i18next';
import { formatDayShort, weekdayNames } from '../../../i18n/format.ts';
import { addDays } from '../../../i18n/format-zoned.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Card } from '../../../ui/Card.tsx';
import { toHhmm } from '../lib/minutes.ts';
import { minuteOf, weekPlan } from '../lib/week-plan.ts';
import styles from './TherapistSchedule.module.css';

/** Seven days from today in the therapist's zone: booked sessions and the free time between them. */
export function WeekView({
  schedule,
  sessions,
  today,
}: {
  schedule: TSchedule;
  sessions: readonly TTherapistUpcomingSession[];
  today: string;
}) {
  const { t, i18n } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  const names = weekdayNames(i18n.language, 'short');
  const plan = weekPlan(today, schedule, sessions, addDays);
  return (
    <Card title={t('therapistSchedule.week.title')}>
      <p className={styles.muted}>{t('therapistSchedule.zone', { tz: zoneLabel(schedule.tz) })}</p>
      <ol className={styles.week}>
        {plan.map((day) => (
          <li key={day.date} className={styles.weekDay}>
            <h3 className={styles.weekDayName}>
              {names[day.weekday]}, {formatDayShort(day.date)}
            </h3>
            {day.windows.length === 0 && day.sessions.length === 0 && (
              <span className={styles.muted}>{t('therapistSchedule.week.noHours')}</span>
            )}
            <ul className={styles.list}>
              {/* Sessions and free time in the order of the day. */}
              {[
                ...day.sessions.map((s) => ({
                  at: minuteOf(s.starts_at.time),
                  node: (
                    <li key={s.slot_hashid} className={styles.session}>
                      {t('therapistSchedule.week.session', {
                        time: s.starts_at.time,
                        name: s.client.partner_name ? `${s.client.name} и ${s.client.partner_name}` : s.client.name,
                      })}
                    </li>
                  ),
                })),
                ...day.free.map((f) => ({
                  at: f.start,
                  node: (
                    <li key={`free-${f.start}`} className={styles.free}>
                      {t('therapistSchedule.week.free', { from: toHhmm(f.start), to: toHhmm(f.end) })}
                    </li>
                  ),
                })),
              ]
                .sort((a, b) => a.at - b.at)
                .map((entry) => entry.node)}
            </ul>
          </li>
        ))}
      </ol>
    </Card>
  );
}
