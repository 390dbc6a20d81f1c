import { useQuery } from '@tanstack/react-query';
import { routes, type TSchedule } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistScheduleKeys } from './therapist-schedule-keys.ts';

export function getSchedule(signal?: AbortSignal): Promise<TSchedule> {
  return callRoute(routes.therapistSchedule, { signal });
}

export function useSchedule() {
  return useQuery({ queryKey: therapistScheduleKeys.schedule(), queryFn: ({ signal }) => getSchedule(signal) });
}
