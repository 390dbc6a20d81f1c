import { useQuery } from '@tanstack/react-query';
import { routes, type TPassesResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { passKeys } from './pass-keys.ts';

/** The catalog in the client's currency and the client's own passes. */
export function getPasses(signal?: AbortSignal): Promise<TPassesResponse> {
  return callRoute(routes.userPasses, { signal });
}

export function usePasses() {
  return useQuery({ queryKey: passKeys.passes(), queryFn: ({ signal }) => getPasses(signal) });
}
