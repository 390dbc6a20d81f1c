import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TCalendarFeed } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistScheduleKeys } from './therapist-schedule-keys.ts';

export function resetCalendarFeed(): Promise<TCalendarFeed> {
  return callRoute(routes.resetTherapistCalendarFeed, {});
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onSuccess: (feed) => queryClient.setQueryData(therapistScheduleKeys.calendarFeed(), feed),
  });
}
