import { useQuery } from '@tanstack/react-query';
import { routes, type TPassStatus } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const passStatusQueryKey = ['pass-status'] as const;

export function getPassStatus(signal?: AbortSignal): Promise<TPassStatus> {
  return callRoute(routes.passStatus, { signal });
}

export function usePassStatus() {
  return useQuery({ queryKey: passStatusQueryKey, queryFn: ({ signal }) => getPassStatus(signal) });
}
