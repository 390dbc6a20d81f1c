import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { fetchClearingOnFailure } from '../api/get-client-video-data.ts';
import { getTherapistVideoData, useTherapistVideoData } from '../api/get-therapist-video-data.ts';
import { videoKeys } from '../api/video-keys.ts';
import { CallPage } from '../components/CallPage.tsx';

/** `/therapist/clients/:userId/call`: the therapist's current or next session with this client. */
export function TherapistCallScreen() {
  const userId = useParams().userId ?? '';
  const query = useTherapistVideoData(userId);
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    const key = videoKeys.therapistVideoData(userId);
    return queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => fetchClearingOnFailure(queryClient, key, () => getTherapistVideoData(userId)),
      staleTime: 0,
    });
  }, [queryClient, userId]);
  return <CallPage forRole="therapist" query={query} refresh={refresh} />;
}
