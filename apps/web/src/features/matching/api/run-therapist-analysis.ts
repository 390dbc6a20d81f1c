import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSuggestionsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { suggestionsQueryKey } from './get-suggestions.ts';

/** Ranks the therapists against the client's answers (matching); the result is the new suggestion list. */
export function runTherapistAnalysis(): Promise<TSuggestionsResponse> {
  return callRoute(routes.therapistAiAnalyses);
}

export function useRunTherapistAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runTherapistAnalysis,
    onSuccess: (suggestions) => {
      queryClient.setQueryData(suggestionsQueryKey, suggestions);
      void queryClient.invalidateQueries({ queryKey: ['lk'] });
    },
  });
}
