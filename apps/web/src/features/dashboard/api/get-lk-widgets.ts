import { useQuery } from '@tanstack/react-query';
import { routes, type TLkWidgets } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const lkWidgetsQueryKey = ['lk', 'widgets'] as const;

export function getLkWidgets(signal?: AbortSignal): Promise<TLkWidgets> {
  return callRoute(routes.lkWidgets, { signal });
}

export function useLkWidgets() {
  return useQuery({ queryKey: lkWidgetsQueryKey, queryFn: ({ signal }) => getLkWidgets(signal) });
}
