import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TSignupQuestions, type TSignupQuestionsUpdate } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { signupQuestionsQueryKey } from './get-signup-questions.ts';

export function updateSignupQuestions(body: TSignupQuestionsUpdate): Promise<TSignupQuestions> {
  return callRoute(routes.updateSignupQuestions, { body });
}

export function useUpdateSignupQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignupQuestions,
    onSuccess: (answers) => queryClient.setQueryData(signupQuestionsQueryKey, answers),
  });
}
