import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TVideoData } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { fetchClearingOnFailure, VIDEO_DATA_QUERY_OPTIONS } from './get-client-video-data.ts';
import { videoKeys } from './video-keys.ts';

/** The therapist's current or next session with a client (`userId`: the client's user hashid). */
export function getTherapistVideoData(userId: string, signal?: AbortSignal): Promise<TVideoData> {
  return callRoute(routes.therapistVideobox, { params: { id: userId }, signal });
}

export function useTherapistVideoData(userId: string) {
  const queryClient = useQueryClient();
  const key = videoKeys.therapistVideoData(userId);
  return useQuery<TVideoData | null>({
    queryKey: key,
    queryFn: ({ signal }) => fetchClearingOnFailure(queryClient, key, () => getTherapistVideoData(userId, signal)),
    ...VIDEO_DATA_QUERY_OPTIONS,
  });
}
