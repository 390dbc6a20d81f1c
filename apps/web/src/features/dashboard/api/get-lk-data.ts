import { useQuery } from '@tanstack/react-query';
import { routes, type TLkData } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const lkDataQueryKey = ['lk', 'data'] as const;

export function getLkData(signal?: AbortSignal): Promise<TLkData> {
  return callRoute(routes.lkData, { signal });
}

export function useLkData() {
  return useQuery({ queryKey: lkDataQueryKey, queryFn: ({ signal }) => getLkData(signal) });
}
