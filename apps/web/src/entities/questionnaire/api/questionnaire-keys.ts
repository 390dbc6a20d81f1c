import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the client's questionnaire answers. */
export const questionnaireKeys = {
  answers: () => routeKey('signupQuestions'),
};
