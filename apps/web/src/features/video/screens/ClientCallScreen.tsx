import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchClearingOnFailure, getClientVideoData, useClientVideoData } from '../api/get-client-video-data.ts';
import { videoKeys } from '../api/video-keys.ts';
import { CallPage } from '../components/CallPage.tsx';

/** `/lk/call`: the client's current or next session. */
export function ClientCallScreen() {
  const query = useClientVideoData();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: videoKeys.clientVideoData(),
        queryFn: () => fetchClearingOnFailure(queryClient, videoKeys.clientVideoData(), () => getClientVideoData()),
        staleTime: 0,
      }),
    [queryClient],
  );
  return <CallPage forRole="client" query={query} refresh={refresh} />;
}
