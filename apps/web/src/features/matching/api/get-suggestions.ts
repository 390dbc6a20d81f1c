import { useQuery } from '@tanstack/react-query';
import { routes, type TSuggestionsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const suggestionsQueryKey = ['suggestions'] as const;

export function getSuggestions(signal?: AbortSignal): Promise<TSuggestionsResponse> {
  return callRoute(routes.suggestions, { signal });
}

export function useSuggestions() {
  return useQuery({ queryKey: suggestionsQueryKey, queryFn: ({ signal }) => getSuggestions(signal) });
}
