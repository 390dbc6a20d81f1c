import { useQuery } from '@tanstack/react-query';
import { routes, type TSignupQuestions } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const signupQuestionsQueryKey = ['signup', 'questions'] as const;

export function getSignupQuestions(signal?: AbortSignal): Promise<TSignupQuestions> {
  return callRoute(routes.signupQuestions, { signal });
}

/** The client's answers so far (therapy type, topics, preferences) and the step they stopped at. */
export function useSignupQuestions() {
  return useQuery({ queryKey: signupQuestionsQueryKey, queryFn: ({ signal }) => getSignupQuestions(signal) });
}
