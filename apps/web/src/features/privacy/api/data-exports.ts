import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type TDataExportsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { privacyKeys } from './privacy-keys.ts';

/** How often the card asks how far the archive is while it is being built. */
export const DATA_EXPORT_POLL_MS = 2000;

export function getDataExports(signal?: AbortSignal): Promise<TDataExportsResponse> {
  return callRoute(routes.dataExports, { signal });
}

/** The client's archives, newest first; polled while the newest one is queued or building. */
export function useDataExports() {
  return useQuery({
    queryKey: privacyKeys.dataExports(),
    queryFn: ({ signal }) => getDataExports(signal),
    refetchInterval: (query) => {
      const status = query.state.data?.exports[0]?.status;
      return status === 'queued' || status === 'building' ? DATA_EXPORT_POLL_MS : false;
    },
  });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(routes.requestDataExport, {}),
    onSuccess: (created) =>
      queryClient.setQueryData<TDataExportsResponse>(privacyKeys.dataExports(), (previous) => ({
        exports: [created, ...(previous?.exports ?? []).filter((e) => e.id !== created.id)],
      })),
  });
}
