import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistScheduleKeys } from './therapist-schedule-keys.ts';

export function deleteException(id: string) {
  return callRoute(routes.deleteScheduleException, { params: { id } });
}

export function useDeleteException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteException,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: therapistScheduleKeys.schedule() }),
  });
}
