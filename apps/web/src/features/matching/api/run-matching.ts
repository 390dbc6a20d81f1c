import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';
import { matchingKeys } from './matching-keys.ts';

/** Ranks the therapists again against the client's saved answers; the answer is the new suggestion list. */
export function useRunMatching() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(routes.therapistAiAnalyses),
    onSuccess: (suggestions) => {
      queryClient.setQueryData(matchingKeys.suggestions(), suggestions);
      void invalidateRoutes(queryClient, ['lkData', 'lkWidgets', 'suggestionsCount']);
    },
  });
}
