import { useQuery } from '@tanstack/react-query';
import { routes, type TClientSlot, type TClientSlotsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const clientSlotsQueryKey = ['slots'] as const;
export const clientSlotQueryKey = (id: string) => ['slots', id] as const;

export function getClientSlots(signal?: AbortSignal): Promise<TClientSlotsResponse> {
  return callRoute(routes.clientSlots, { signal });
}

export function getClientSlot(id: string, signal?: AbortSignal): Promise<TClientSlot> {
  return callRoute(routes.clientSlot, { params: { id }, signal });
}

/** The client's sessions: upcoming (held and booked) and past. */
export function useClientSlots() {
  return useQuery({ queryKey: clientSlotsQueryKey, queryFn: ({ signal }) => getClientSlots(signal) });
}

export function useClientSlot(id: string | null) {
  return useQuery({
    queryKey: clientSlotQueryKey(id ?? ''),
    queryFn: ({ signal }) => getClientSlot(id ?? '', signal),
    enabled: id !== null,
  });
}
