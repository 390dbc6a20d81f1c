import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TActiveSessionsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { settingsKeys } from './settings-keys.ts';

export function getActiveSessions(signal?: AbortSignal): Promise<TActiveSessionsResponse> {
  return callRoute(routes.activeSessions, { signal });
}

export function useActiveSessions() {
  return useQuery({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => getActiveSessions(signal) });
}

/** Ends one other session; the list is replaced by the one the server returns. */
export function useEndActiveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(routes.endActiveSession, { params: { id } }),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.sessions(), data),
  });
}

/** Ends every session but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(routes.endOtherSessions),
    onSuccess: (data) => queryClient.setQueryData(settingsKeys.sessions(), data),
  });
}
