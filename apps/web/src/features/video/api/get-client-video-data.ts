import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TVideoData } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { videoKeys } from './video-keys.ts';

/** The client's current or next session (404 when there is none). */
export function getClientVideoData(signal?: AbortSignal): Promise<TVideoData> {
  return callRoute(routes.clientVideobox, { signal });
}

/**
 * A failed fetch clears the video data (spec §4): the cached copy (an old token, maybe another session) is dropped
 * before the error is shown, so nothing keeps using it.
 */
export async function fetchClearingOnFailure(
  queryClient: QueryClient,
  key: readonly unknown[],
  fetcher: () => Promise<TVideoData>,
): Promise<TVideoData> {
  try {
    return await fetcher();
  } catch (error) {
    queryClient.setQueryData(key, null);
    throw error;
  }
}

export const VIDEO_DATA_QUERY_OPTIONS = {
  // The call asks for fresh data (a new token) itself; a refetch on focus would only race it.
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: false,
} as const;

export function useClientVideoData() {
  const queryClient = useQueryClient();
  return useQuery<TVideoData | null>({
    queryKey: videoKeys.clientVideoData(),
    queryFn: ({ signal }) =>
      fetchClearingOnFailure(queryClient, videoKeys.clientVideoData(), () => getClientVideoData(signal)),
    ...VIDEO_DATA_QUERY_OPTIONS,
  });
}
