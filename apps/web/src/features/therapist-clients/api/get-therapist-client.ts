import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistClientDetail } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistClientsKeys } from './therapist-clients-keys.ts';

export function getTherapistClient(id: string, signal?: AbortSignal): Promise<TTherapistClientDetail> {
  return callRoute(routes.therapistUser, { params: { id }, signal });
}

/** One client: their answers and sessions with this therapist. */
export function useTherapistClient(id: string) {
  return useQuery({
    queryKey: therapistClientsKeys.client(id),
    queryFn: ({ signal }) => getTherapistClient(id, signal),
  });
}
