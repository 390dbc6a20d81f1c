import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSuggestionsResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes, routeKey } from '../../../api/query-keys.ts';

/** Ranks the therapists against the client's finished answers; the result is the new suggestion list. */
export function runTherapistAnalysis(): Promise<TSuggestionsResponse> {
  return callRoute(routes.therapistAiAnalyses);
}

export function useRunTherapistAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runTherapistAnalysis,
    onSuccess: (suggestions) => {
      // The answer is what GET suggestions would now say: the suggestions page shows it without asking again.
      queryClient.setQueryData(routeKey('suggestions'), suggestions);
      void invalidateRoutes(queryClient, ['lkData', 'lkWidgets']);
    },
  });
}
