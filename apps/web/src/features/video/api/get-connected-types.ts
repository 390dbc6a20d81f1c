import { useQuery } from '@tanstack/react-query';
import { routes, type TConnectedTypesResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { videoKeys } from './video-keys.ts';

/** The options of the post-session form and the answer already given for this session. */
export function getConnectedTypes(slotHashid: string, signal?: AbortSignal): Promise<TConnectedTypesResponse> {
  return callRoute(routes.userConnectedTypes, { query: { slot_hashid: slotHashid }, signal });
}

export function useConnectedTypes(slotHashid: string) {
  return useQuery({
    queryKey: videoKeys.connectedTypes(slotHashid),
    queryFn: ({ signal }) => getConnectedTypes(slotHashid, signal),
  });
}
