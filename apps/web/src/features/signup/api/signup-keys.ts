import type { TTherapyType } from '@therapy/contract';
import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the questionnaire's own routes (the answers are the questionnaire entity's). */
export const signupKeys = {
  profile: () => routeKey('signupProfile'),
  questions: (therapyType: TTherapyType) => routeKey('questions', { therapy_type: therapyType }),
  suggestionsCount: () => routeKey('suggestionsCount'),
};
