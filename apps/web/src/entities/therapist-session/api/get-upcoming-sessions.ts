import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistUpcomingResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistSessionKeys } from './therapist-session-keys.ts';

export function getUpcomingSessions(signal?: AbortSignal): Promise<TTherapistUpcomingResponse> {
  return callRoute(routes.therapistUpcomingSessions, { signal });
}

/** The therapist's booked sessions from today to 7 days on; asked again every few minutes so a new booking shows. */
export function useUpcomingSessions() {
  return useQuery({
    queryKey: therapistSessionKeys.upcoming(),
    queryFn: ({ signal }) => getUpcomingSessions(signal),
    refetchInterval: 5 * 60_000,
  });
}
