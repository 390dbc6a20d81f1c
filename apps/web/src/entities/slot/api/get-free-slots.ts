import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type TFreeSlotsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { slotKeys } from './slot-keys.ts';

export function getFreeSlots(
  therapistId: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
): Promise<TFreeSlotsResponse> {
  return callRoute(routes.freeSlots, { params: { id: therapistId }, query: range, signal });
}

/** A therapist's free starts for a range of days in the client's zone; the previous week stays while the next loads. */
export function useFreeSlots(therapistId: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: slotKeys.freeSlots(therapistId, range),
    queryFn: ({ signal }) => getFreeSlots(therapistId, range, signal),
    placeholderData: keepPreviousData,
  });
}
