import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type TEmployeeSortField, type TEmployeeStats } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { businessKeys } from './business-keys.ts';

export type TEmployeesRequest = {
  year: number;
  email_cont?: string;
  page?: number;
  sort_field?: TEmployeeSortField;
  sort_direction?: 'asc' | 'desc';
};

/** Only the parts that are set, so equal requests share one cache entry. */
const defined = (query: TEmployeesRequest) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as TEmployeesRequest;

export function getEmployees(id: string, query: TEmployeesRequest, signal?: AbortSignal): Promise<TEmployeeStats> {
  return callRoute(routes.businessEmployees, { params: { id }, query: defined(query), signal });
}

export function useEmployees(id: string, query: TEmployeesRequest) {
  const clean = defined(query);
  return useQuery({
    queryKey: businessKeys.employees(id, clean),
    queryFn: ({ signal }) => getEmployees(id, clean, signal),
    // The previous page stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
}
