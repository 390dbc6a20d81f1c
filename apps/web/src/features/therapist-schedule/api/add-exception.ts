import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TAvailabilityException, type TAvailabilityExceptionCreate } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistScheduleKeys } from './therapist-schedule-keys.ts';

export function addException(body: TAvailabilityExceptionCreate): Promise<TAvailabilityException> {
  return callRoute(routes.addScheduleException, { body });
}

export function useAddException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addException,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: therapistScheduleKeys.schedule() }),
  });
}
