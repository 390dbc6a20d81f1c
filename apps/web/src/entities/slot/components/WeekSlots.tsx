import type { TFreeSlot } from '@therapy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayMonth, formatDayShort, weekdayNames } from '../../../i18n/format.ts';
import { addDays, localDateOf } from '../../../i18n/format-zoned.ts';
import { useClientTimeZone } from '../../../lib/client-time-zone.ts';
import { cx } from '../../../lib/cx.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Button } from '../../../ui/Button.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useFreeSlots } from '../api/get-free-slots.ts';
import styles from './WeekSlots.module.css';

/** How far ahead a client can look, in weeks after the current one. */
export const MAX_WEEKS_AHEAD = 8;

/**
 * Seven days of a therapist's free times in the client's zone, from today on, with «предыдущая / следующая неделя».
 * Each time is a button named by its full date, so it reads well out of context too.
 */
export function WeekSlots({
  therapistId,
  onPick,
  pendingStartsAt = null,
  disabled = false,
}: {
  therapistId: string;
  onPick: (slot: TFreeSlot) => void;
  /** The time being held right now: its button shows a spinner. */
  pendingStartsAt?: string | null;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const timeZone = useClientTimeZone();
  const zoneLabel = useTimeZoneLabel();
  // Seven days from today: a week already half gone would show mostly past days.
  const firstWeek = localDateOf(new Date(), timeZone);
  const [week, setWeek] = useState(0);
  const from = addDays(firstWeek, week * 7);
  const to = addDays(from, 6);
  const slots = useFreeSlots(therapistId, { from, to });
  const weekdays = weekdayNames(i18n.language, 'short');
  const shownTz = slots.data?.tz ?? timeZone;
  const isEmptyWeek = slots.data?.days.every((day) => day.slots.length === 0) ?? false;

  return (
    <section className={styles.week} aria-labelledby="week-slots-title" aria-busy={slots.isFetching || undefined}>
      <div className={styles.nav}>
        <Button
          variant="secondary"
          size="small"
          onClick={() => setWeek((current) => current - 1)}
          disabled={week === 0}
          aria-label={t('booking.previousWeek')}
        >
          <span aria-hidden="true">←</span>
          <span className={styles.navText}>{t('booking.previousWeek')}</span>
        </Button>
        <h3 id="week-slots-title" className={styles.range} aria-live="polite">
          {t('booking.weekRange', { from: formatDayMonth(from, i18n.language), to: formatDayMonth(to, i18n.language) })}
        </h3>
        <Button
          variant="secondary"
          size="small"
          onClick={() => setWeek((current) => current + 1)}
          disabled={week >= MAX_WEEKS_AHEAD}
          aria-label={t('booking.nextWeek')}
        >
          <span className={styles.navText}>{t('booking.nextWeek')}</span>
          <span aria-hidden="true">→</span>
        </Button>
      </div>
      <p className={styles.tz}>{t('booking.timesInZone', { tz: zoneLabel(shownTz) })}</p>
      {slots.isPending && <LoadingState />}
      {slots.isError && <ErrorState message={errorMessageFrom(slots.error, t)} onRetry={() => void slots.refetch()} />}
      {slots.data && (
        <>
          {isEmptyWeek && <p className={styles.emptyWeek}>{t('booking.emptyWeek')}</p>}
          <ol className={cx(styles.days, slots.isPlaceholderData && styles.stale)}>
            {slots.data.days.map((day) => (
              <li key={day.date} className={styles.day}>
                <h4 className={styles.dayTitle}>
                  <span>{weekdays[day.weekday]}</span> <span className={styles.date}>{formatDayShort(day.date)}</span>
                </h4>
                {day.slots.length === 0 ? (
                  <p className={styles.none}>{t('booking.noTimes')}</p>
                ) : (
                  <ul className={styles.times}>
                    {day.slots.map((slot) => (
                      <li key={slot.starts_at}>
                        <Button
                          variant="secondary"
                          size="small"
                          className={styles.time}
                          aria-label={slot.label}
                          isLoading={pendingStartsAt === slot.starts_at}
                          disabled={disabled || slots.isPlaceholderData}
                          onClick={() => onPick(slot)}
                        >
                          {slot.time}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
