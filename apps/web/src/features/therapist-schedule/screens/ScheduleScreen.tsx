import { useTranslation } from 'react-i18next';
import { useUpcomingSessions } from '../../../entities/therapist-session/api/get-upcoming-sessions.ts';
import { localDateOf } from '../../../i18n/format-zoned.ts';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { useTimeZoneLabel } from '../../../lib/time-zones.ts';
import { Page } from '../../../ui/Page.tsx';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useSchedule } from '../api/get-schedule.ts';
import { CalendarFeedCard } from '../components/CalendarFeedCard.tsx';
import { ExceptionsCard } from '../components/ExceptionsCard.tsx';
import { HoursForm } from '../components/HoursForm.tsx';
import styles from '../components/TherapistSchedule.module.css';
import { WeekView } from '../components/WeekView.tsx';

/**
 * `/therapist/schedule`: the week ahead, weekly hours, exceptions and the calendar feed. Every
 * time is in the therapist's own zone (`schedule.tz`), which the page names; a client's zone never enters.
 */
export function ScheduleScreen() {
  const { t } = useTranslation();
  const zoneLabel = useTimeZoneLabel();
  const schedule = useSchedule();
  const upcoming = useUpcomingSessions();

  if (schedule.isPending) {
    return (
      <Page title={t('therapistSchedule.title')}>
        <LoadingState />
      </Page>
    );
  }
  if (schedule.isError) {
    return (
      <Page title={t('therapistSchedule.title')}>
        <ErrorState message={errorMessageFrom(schedule.error, t)} onRetry={() => void schedule.refetch()} />
      </Page>
    );
  }
  const data = schedule.data;
  const today = localDateOf(new Date(), data.tz);
  return (
    <Page title={t('therapistSchedule.title')} lead={t('therapistSchedule.lead', { tz: zoneLabel(data.tz) })}>
      <div className={styles.stack}>
        {upcoming.isError ? (
          <ErrorState message={errorMessageFrom(upcoming.error, t)} onRetry={() => void upcoming.refetch()} />
        ) : upcoming.isPending ? (
          <LoadingState />
        ) : (
          <WeekView schedule={data} sessions={upcoming.data.sessions} today={today} />
        )}
        <HoursForm key={JSON.stringify(data.rules)} schedule={data} />
        <ExceptionsCard schedule={data} today={today} />
        <CalendarFeedCard />
      </div>
    </Page>
  );
}
