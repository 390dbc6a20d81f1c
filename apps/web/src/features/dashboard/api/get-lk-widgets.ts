import { useQuery } from '@tanstack/react-query';
import { routes, type TLkWidgets } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export function getLkWidgets(signal?: AbortSignal): Promise<TLkWidgets> {
  return callRoute(routes.lkWidgets, { signal });
}

export function useLkWidgets() {
  return useQuery({ queryKey: dashboardKeys.widgets(), queryFn: ({ signal }) => getLkWidgets(signal) });
}
