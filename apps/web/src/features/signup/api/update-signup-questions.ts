import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSignupQuestions, type TSignupQuestionsUpdate } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { questionnaireKeys } from '../../../entities/questionnaire/api/questionnaire-keys.ts';
import { signupKeys } from './signup-keys.ts';

export function updateSignupQuestions(body: TSignupQuestionsUpdate): Promise<TSignupQuestions> {
  return callRoute(routes.updateSignupQuestions, { body });
}

export function useUpdateSignupQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignupQuestions,
    onSuccess: (answers) => {
      queryClient.setQueryData(questionnaireKeys.answers(), answers);
      // Each saved answer changes who matches: the count beside the questionnaire follows it.
      return queryClient.invalidateQueries({ queryKey: signupKeys.suggestionsCount() });
    },
  });
}
