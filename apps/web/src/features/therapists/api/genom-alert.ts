import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TGenomAlert } from '@therapy/contract';
import { useEffect } from 'react';
import { callRoute } from '../../../api/client.ts';
import { THERAPIST_STALE_MS } from '../../../config/constants.ts';
import { therapistsKeys } from './therapists-keys.ts';

export function getGenomAlert(signal?: AbortSignal): Promise<TGenomAlert> {
  return callRoute(routes.therapistGenomAlert, { signal });
}

export function dismissGenomAlert(): Promise<TGenomAlert> {
  return callRoute(routes.therapistGenomAlertDismiss);
}

/**
 * The genom-alert flag, set from `success` (spec §4). A failed fetch is only logged (spec §8): the notice
 * then stays away rather than showing an error the therapist did not ask about.
 */
export function useGenomAlert() {
  const query = useQuery({
    queryKey: therapistsKeys.genomAlert(),
    queryFn: ({ signal }) => getGenomAlert(signal),
    staleTime: THERAPIST_STALE_MS,
    refetchInterval: THERAPIST_STALE_MS,
  });
  useEffect(() => {
    if (query.error) console.warn('GET genom_alert failed', query.error);
  }, [query.error]);
  return query;
}

/** Clears the flag by deletion (spec §4); the notice goes at once. */
export function useDismissGenomAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissGenomAlert,
    onMutate: () => queryClient.setQueryData<TGenomAlert>(therapistsKeys.genomAlert(), { success: false }),
    onSuccess: (answer) => queryClient.setQueryData(therapistsKeys.genomAlert(), answer),
    onError: (error) => {
      console.warn('DELETE genom_alert failed', error);
      return queryClient.invalidateQueries({ queryKey: therapistsKeys.genomAlert() });
    },
  });
}
