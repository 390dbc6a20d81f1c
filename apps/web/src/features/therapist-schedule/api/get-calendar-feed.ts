import { useQuery } from '@tanstack/react-query';
import { routes, type TCalendarFeed } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistScheduleKeys } from './therapist-schedule-keys.ts';

export function getCalendarFeed(signal?: AbortSignal): Promise<TCalendarFeed> {
  return callRoute(routes.therapistCalendarFeed, { signal });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: therapistScheduleKeys.calendarFeed(), queryFn: ({ signal }) => getCalendarFeed(signal) });
}
