import { useQuery } from '@tanstack/react-query';
import { routes, type TSignupProfile } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const signupProfileQueryKey = ['signup', 'profile'] as const;

export function getSignupProfile(signal?: AbortSignal): Promise<TSignupProfile> {
  return callRoute(routes.signupProfile, { signal });
}

export function useSignupProfile() {
  return useQuery({ queryKey: signupProfileQueryKey, queryFn: ({ signal }) => getSignupProfile(signal) });
}
