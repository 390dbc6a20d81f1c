import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistCurrent } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { THERAPIST_STALE_MS } from '../../../config/constants.ts';
import { therapistsKeys } from './therapists-keys.ts';

export function getTherapistCurrent(signal?: AbortSignal): Promise<TTherapistCurrent> {
  return callRoute(routes.therapistCurrent, { signal });
}

/** True once the data is 6 hours old or older (spec §4): then it is loaded again. */
export function isTherapistDataStale(updatedAt: number, now: number = Date.now()): boolean {
  return now - updatedAt >= THERAPIST_STALE_MS;
}

/**
 * The signed-in therapist. Fresh for 6 hours: a revisit or a focused tab reloads it only after that, and an
 * open tab reloads it every 6 hours.
 */
export function useTherapistCurrent() {
  return useQuery({
    queryKey: therapistsKeys.current(),
    queryFn: ({ signal }) => getTherapistCurrent(signal),
    staleTime: THERAPIST_STALE_MS,
    refetchInterval: THERAPIST_STALE_MS,
  });
}
