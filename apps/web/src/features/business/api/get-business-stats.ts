import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type TBusinessStats } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { businessKeys } from './business-keys.ts';

export function getBusinessStats(id: string, year: number, signal?: AbortSignal): Promise<TBusinessStats> {
  return callRoute(routes.businessStatistics, { params: { id }, query: { year }, signal });
}

export function useBusinessStats(id: string, year: number) {
  return useQuery({
    queryKey: businessKeys.stats(id, year),
    queryFn: ({ signal }) => getBusinessStats(id, year, signal),
    placeholderData: keepPreviousData,
  });
}
