import { useQuery } from '@tanstack/react-query';
import { routes, type TVideoData } from '@therapy/contract';
import { isApiError } from '../../../api/api-error.ts';
import { callRoute } from '../../../api/client.ts';
import { therapistClientsKeys } from './therapist-clients-keys.ts';

/** The video data of the next session with this client; null when there is none (the server's 404). */
export async function getClientVideobox(id: string, signal?: AbortSignal): Promise<TVideoData | null> {
  try {
    return await callRoute(routes.therapistVideobox, { params: { id }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** `GET /api/v1/therapist/users/:id/videobox`: asked again each minute, as the join token is short-lived. */
export function useClientVideobox(id: string) {
  return useQuery({
    queryKey: therapistClientsKeys.videobox(id),
    queryFn: ({ signal }) => getClientVideobox(id, signal),
    refetchInterval: 60_000,
  });
}
