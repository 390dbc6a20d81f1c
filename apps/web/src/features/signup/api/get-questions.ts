import { useQuery } from '@tanstack/react-query';
import { routes, type TQuestionsResponse, type TTherapyType } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { signupKeys } from './signup-keys.ts';

export function getQuestions(therapyType: TTherapyType, signal?: AbortSignal): Promise<TQuestionsResponse> {
  return callRoute(routes.questions, { query: { therapy_type: therapyType }, signal });
}

/** What to ask a client of this therapy type, with the options; the same for everyone, so kept for long. */
export function useQuestions(therapyType: TTherapyType | null) {
  return useQuery({
    queryKey: signupKeys.questions(therapyType ?? 'single'),
    queryFn: ({ signal }) => getQuestions(therapyType ?? 'single', signal),
    enabled: therapyType !== null,
    staleTime: 60 * 60 * 1000,
  });
}
