import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSessionOutcome } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';

export function correctOutcome({ slotId, outcome }: { slotId: string; outcome: TSessionOutcome }) {
  return callRoute(routes.therapistSessionOutcome, { params: { id: slotId }, body: { outcome } });
}

/** The therapist corrects how a session ended (within 48 h); the client page and the lists are refreshed. */
export function useCorrectOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctOutcome,
    onSuccess: () => invalidateRoutes(queryClient, ['therapistUser', 'therapistUsers']),
  });
}
