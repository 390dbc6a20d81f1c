import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistClientsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistClientsKeys } from './therapist-clients-keys.ts';

export function getTherapistClients(archived: boolean, signal?: AbortSignal): Promise<TTherapistClientsResponse> {
  return callRoute(routes.therapistUsers, { query: { archived: String(archived) }, signal });
}

/** The therapist's active or archived clients (`GET /api/v1/therapist/users?archived=`). */
export function useTherapistClients(archived: boolean) {
  return useQuery({
    queryKey: therapistClientsKeys.list(archived),
    queryFn: ({ signal }) => getTherapistClients(archived, signal),
  });
}
