import { useQuery } from '@tanstack/react-query';
import { routes, type TSignupProfile } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { signupKeys } from './signup-keys.ts';

export function getSignupProfile(signal?: AbortSignal): Promise<TSignupProfile> {
  return callRoute(routes.signupProfile, { signal });
}

export function useSignupProfile() {
  return useQuery({ queryKey: signupKeys.profile(), queryFn: ({ signal }) => getSignupProfile(signal) });
}
