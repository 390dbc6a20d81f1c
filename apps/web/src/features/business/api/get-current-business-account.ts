import { useQuery } from '@tanstack/react-query';
import { routes, type TCurrentBusinessAccount } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { businessKeys } from './business-keys.ts';

export function getCurrentBusinessAccount(signal?: AbortSignal): Promise<TCurrentBusinessAccount> {
  return callRoute(routes.currentBusinessAccount, { signal });
}

export function useCurrentBusinessAccount() {
  return useQuery({
    queryKey: businessKeys.current(),
    queryFn: ({ signal }) => getCurrentBusinessAccount(signal),
  });
}
