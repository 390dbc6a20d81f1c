import { useQuery } from '@tanstack/react-query';
import { routes } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { signupKeys } from './signup-keys.ts';

export function getSuggestionsCount(signal?: AbortSignal): Promise<{ count: number }> {
  return callRoute(routes.suggestionsCount, { signal });
}

/** How many therapists match the saved answers; refetched after every saved step (`update-signup-questions.ts`). */
export function useSuggestionsCount() {
  return useQuery({ queryKey: signupKeys.suggestionsCount(), queryFn: ({ signal }) => getSuggestionsCount(signal) });
}
