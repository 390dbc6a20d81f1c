import { useQuery } from '@tanstack/react-query';
import { routes, type TUserMeResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { userKeys } from './user-keys.ts';

export function getUserMe(signal?: AbortSignal): Promise<TUserMeResponse> {
  return callRoute(routes.userMe, { signal });
}

export function useUserMe() {
  return useQuery({ queryKey: userKeys.me(), queryFn: ({ signal }) => getUserMe(signal) });
}
