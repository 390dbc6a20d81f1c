import { useQuery } from '@tanstack/react-query';
import { routes, type TEducationResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { THERAPIST_STALE_MS } from '../../../config/constants.ts';
import { therapistProfileKeys } from './therapist-profile-keys.ts';

export function getEducation(signal?: AbortSignal): Promise<TEducationResponse> {
  return callRoute(routes.therapistEducation, { signal });
}

export function useEducation() {
  return useQuery({
    queryKey: therapistProfileKeys.education(),
    queryFn: ({ signal }) => getEducation(signal),
    staleTime: THERAPIST_STALE_MS,
  });
}
