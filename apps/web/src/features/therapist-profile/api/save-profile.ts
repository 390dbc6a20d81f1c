import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TTherapistProfile, type TTherapistProfileUpdateInput } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';

export function saveProfile(body: TTherapistProfileUpdateInput): Promise<TTherapistProfile> {
  return callRoute(routes.therapistProfileSave, { body });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: () => invalidateRoutes(queryClient, ['therapistCurrent']),
  });
}
