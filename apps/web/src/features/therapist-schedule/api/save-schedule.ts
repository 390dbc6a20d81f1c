import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSchedule, type TScheduleUpdate } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistScheduleKeys } from './therapist-schedule-keys.ts';

export function saveSchedule(body: TScheduleUpdate): Promise<TSchedule> {
  return callRoute(routes.updateTherapistSchedule, { body });
}

/** Replaces the weekly hours; a clash with booked sessions comes back as 409 with `clashes`. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (saved) => queryClient.setQueryData(therapistScheduleKeys.schedule(), saved),
  });
}
