import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSignupProfile, type TSignupProfileUpdate } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { signupKeys } from './signup-keys.ts';

export function updateSignupProfile(body: TSignupProfileUpdate): Promise<TSignupProfile> {
  return callRoute(routes.updateSignupProfile, { body });
}

export function useUpdateSignupProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignupProfile,
    onSuccess: (profile) => queryClient.setQueryData(signupKeys.profile(), profile),
  });
}
