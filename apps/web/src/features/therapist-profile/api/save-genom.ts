import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TGenomResponse, type TGenomUpdateInput } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';
import { therapistProfileKeys } from './therapist-profile-keys.ts';

export function saveGenom(body: TGenomUpdateInput): Promise<TGenomResponse> {
  return callRoute(routes.therapistGenomSave, { body });
}

/** Saves the genom; the answer becomes the new base, and the counters on the dashboard and its alert refresh. */
export function useSaveGenom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGenom,
    onSuccess: async (saved) => {
      queryClient.setQueryData(therapistProfileKeys.genom(), saved);
      await invalidateRoutes(queryClient, ['therapistCurrent', 'therapistGenomAlert']);
    },
  });
}
