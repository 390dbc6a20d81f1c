import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TEducationResponse, type TEducationUpdateInput } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';
import { therapistProfileKeys } from './therapist-profile-keys.ts';

export function saveEducation(body: TEducationUpdateInput): Promise<TEducationResponse> {
  return callRoute(routes.therapistEducationSave, { body });
}

/** Saves the whole list; errors come back per field (spec §8: education-save errors go to the caller). */
export function useSaveEducation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEducation,
    onSuccess: async (saved) => {
      queryClient.setQueryData(therapistProfileKeys.education(), saved);
      await invalidateRoutes(queryClient, ['therapistCurrent']);
    },
  });
}
