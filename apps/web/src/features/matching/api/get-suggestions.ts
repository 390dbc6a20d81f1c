import { useQuery } from '@tanstack/react-query';
import { routes, type TSuggestionsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { matchingKeys } from './matching-keys.ts';

export function getSuggestions(signal?: AbortSignal): Promise<TSuggestionsResponse> {
  return callRoute(routes.suggestions, { signal });
}

export function useSuggestions() {
  return useQuery({ queryKey: matchingKeys.suggestions(), queryFn: ({ signal }) => getSuggestions(signal) });
}
