import { useQuery } from '@tanstack/react-query';
import { routes, type TGenomResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { THERAPIST_STALE_MS } from '../../../config/constants.ts';
import { therapistProfileKeys } from './therapist-profile-keys.ts';

export function getGenom(signal?: AbortSignal): Promise<TGenomResponse> {
  return callRoute(routes.therapistGenom, { signal });
}

/** The saved genom (the base copy of spec §4); therapist data, so fresh for 6 hours. */
export function useGenom() {
  return useQuery({
    queryKey: therapistProfileKeys.genom(),
    queryFn: ({ signal }) => getGenom(signal),
    staleTime: THERAPIST_STALE_MS,
    refetchInterval: THERAPIST_STALE_MS,
  });
}
