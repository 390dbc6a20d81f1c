import { useQuery } from '@tanstack/react-query';
import { routes, type TDataViewsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { privacyKeys } from './privacy-keys.ts';

export function getDataViews(signal?: AbortSignal): Promise<TDataViewsResponse> {
  return callRoute(routes.userDataViews, { signal });
}

export function useDataViews() {
  return useQuery({ queryKey: privacyKeys.dataViews(), queryFn: ({ signal }) => getDataViews(signal) });
}
