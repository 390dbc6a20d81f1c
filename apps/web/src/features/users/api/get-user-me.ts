import { useQuery } from '@tanstack/react-query';
import { routes, type TUserMeResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const userMeQueryKey = ['user', 'me'] as const;

export function getUserMe(signal?: AbortSignal): Promise<TUserMeResponse> {
  return callRoute(routes.userMe, { signal });
}

export function useUserMe() {
  return useQuery({ queryKey: userMeQueryKey, queryFn: ({ signal }) => getUserMe(signal) });
}
