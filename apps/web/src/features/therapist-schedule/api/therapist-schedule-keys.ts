import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the schedule screen. */
export const therapistScheduleKeys = {
  schedule: () => routeKey('therapistSchedule'),
  calendarFeed: () => routeKey('therapistCalendarFeed'),
};
