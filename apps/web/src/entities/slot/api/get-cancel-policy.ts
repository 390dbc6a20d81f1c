import { useQuery } from '@tanstack/react-query';
import { routes, type TCancelPolicy } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { slotKeys } from './slot-keys.ts';

export function getCancelPolicy(slotId: string, signal?: AbortSignal): Promise<TCancelPolicy> {
  return callRoute(routes.slotCancelPolicy, { params: { id: slotId }, signal });
}

/** What cancelling or moving the session costs right now; always asked afresh, since it changes with time. */
export function useCancelPolicy(slotId: string) {
  return useQuery({
    queryKey: slotKeys.cancelPolicy(slotId),
    queryFn: ({ signal }) => getCancelPolicy(slotId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
