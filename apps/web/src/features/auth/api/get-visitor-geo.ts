import { useQuery } from '@tanstack/react-query';
import { routes, type TVisitorGeo } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { routeKey } from '../../../api/query-keys.ts';

export function getVisitorGeo(signal?: AbortSignal): Promise<TVisitorGeo> {
  return callRoute(routes.visitorGeo, { signal });
}

/**
 * The visitor's geo information (spec §7), asked for once after the page is up; the form never waits for it, and a
 * failure only leaves the browser's own hints in place.
 */
export function useVisitorGeo() {
  return useQuery({
    queryKey: routeKey('visitorGeo'),
    queryFn: ({ signal }) => getVisitorGeo(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
