import { useQuery } from '@tanstack/react-query';
import { routes, type TLkData } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export function getLkData(signal?: AbortSignal): Promise<TLkData> {
  return callRoute(routes.lkData, { signal });
}

export function useLkData() {
  return useQuery({ queryKey: dashboardKeys.data(), queryFn: ({ signal }) => getLkData(signal) });
}
