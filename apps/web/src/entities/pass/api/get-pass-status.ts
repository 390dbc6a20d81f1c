import { useQuery } from '@tanstack/react-query';
import { routes, type TPassStatus } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { passKeys } from './pass-keys.ts';

export function getPassStatus(signal?: AbortSignal): Promise<TPassStatus> {
  return callRoute(routes.passStatus, { signal });
}

export function usePassStatus() {
  return useQuery({ queryKey: passKeys.status(), queryFn: ({ signal }) => getPassStatus(signal) });
}
