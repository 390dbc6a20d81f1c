import { useQuery } from '@tanstack/react-query';
import { routes, type TClientSlot, type TClientSlotsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { slotKeys } from './slot-keys.ts';

export function getClientSlots(signal?: AbortSignal): Promise<TClientSlotsResponse> {
  return callRoute(routes.clientSlots, { signal });
}

export function getClientSlot(id: string, signal?: AbortSignal): Promise<TClientSlot> {
  return callRoute(routes.clientSlot, { params: { id }, signal });
}

/** The client's sessions: upcoming (held and booked) and past. */
export function useClientSlots() {
  return useQuery({ queryKey: slotKeys.clientSlots(), queryFn: ({ signal }) => getClientSlots(signal) });
}

export function useClientSlot(id: string | null) {
  return useQuery({
    queryKey: slotKeys.clientSlot(id ?? ''),
    queryFn: ({ signal }) => getClientSlot(id ?? '', signal),
    enabled: id !== null,
  });
}
