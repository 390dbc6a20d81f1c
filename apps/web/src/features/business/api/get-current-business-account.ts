import { useQuery } from '@tanstack/react-query';
import { routes, type TCurrentBusinessAccount } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const currentBusinessAccountQueryKey = ['business', 'current'] as const;

export function getCurrentBusinessAccount(signal?: AbortSignal): Promise<TCurrentBusinessAccount> {
  return callRoute(routes.currentBusinessAccount, { signal });
}

export function useCurrentBusinessAccount() {
  return useQuery({
    queryKey: currentBusinessAccountQueryKey,
    queryFn: ({ signal }) => getCurrentBusinessAccount(signal),
  });
}
