import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';

export function unschedClient(userHashid: string) {
  return callRoute(routes.unschedClient, { body: { user_hashid: userHashid } });
}

/** «Освободить постоянное время»: the client's future sessions are cancelled; every list that shows them is refreshed. */
export function useUnschedClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unschedClient,
    onSuccess: () =>
      invalidateRoutes(queryClient, [
        'therapistUsers',
        'therapistUser',
        'therapistVideobox',
        'therapistUpcomingSessions',
      ]),
  });
}
