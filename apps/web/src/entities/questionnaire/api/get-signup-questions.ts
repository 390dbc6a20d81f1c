import { useQuery } from '@tanstack/react-query';
import { routes, type TSignupQuestions } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { questionnaireKeys } from './questionnaire-keys.ts';

export function getSignupQuestions(signal?: AbortSignal): Promise<TSignupQuestions> {
  return callRoute(routes.signupQuestions, { signal });
}

/** The client's answers so far (therapy type, topics, preferences) and the step they stopped at. */
export function useSignupQuestions() {
  return useQuery({ queryKey: questionnaireKeys.answers(), queryFn: ({ signal }) => getSignupQuestions(signal) });
}
