import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TConnectedTypesAnswer, type TConnectedTypesRequest } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { videoKeys } from './video-keys.ts';

/** Saves how the client connected to a session (a second save replaces the first). */
export function saveConnectedTypes(body: TConnectedTypesRequest): Promise<TConnectedTypesAnswer> {
  return callRoute(routes.saveUserConnectedTypes, { body });
}

export function useSaveConnectedTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConnectedTypes,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: videoKeys.connectedTypes(answer.slot_hashid) });
    },
  });
}
