import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistCurrent } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { routeKey } from '../../../api/query-keys.ts';
import { THERAPIST_STALE_MS } from '../../../config/constants.ts';

/**
 * The signed-in therapist (photo, sex, links), under the same route key the dashboard uses, so both
 * share one answer and one 6-hour reload (spec §4).
 */
export function useTherapist() {
  return useQuery({
    queryKey: routeKey('therapistCurrent'),
    queryFn: ({ signal }): Promise<TTherapistCurrent> => callRoute(routes.therapistCurrent, { signal }),
    staleTime: THERAPIST_STALE_MS,
    refetchInterval: THERAPIST_STALE_MS,
  });
}
