import { useQuery } from '@tanstack/react-query';
import { routes, type TUserCard } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const userCardQueryKey = ['card'] as const;

export function getUserCard(signal?: AbortSignal): Promise<TUserCard> {
  return callRoute(routes.userCard, { signal });
}

export function useUserCard() {
  return useQuery({ queryKey: userCardQueryKey, queryFn: ({ signal }) => getUserCard(signal) });
}
