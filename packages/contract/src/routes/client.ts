import { ZLkDataSchema, ZLkWidgetsSchema } from '../dashboard.ts';
import {
  ZSuggestionsCountSchema,
  ZSuggestionsResponseSchema,
  ZTherapistCardSchema,
  ZTherapistIdParamsSchema,
} from '../matching.ts';
import type { TRouteDef } from '../route-def.ts';
import {
  ZQuestionsQuerySchema,
  ZQuestionsResponseSchema,
  ZSignupProfileSchema,
  ZSignupProfileUpdateSchema,
  ZSignupQuestionsSchema,
  ZSignupQuestionsUpdateSchema,
  ZTherapyMethodsResponseSchema,
} from '../signup.ts';

const client = ['client'] as const;

/** Sign-up questionnaire, matching, therapist cards and the client's dashboard. */
export const clientRoutes = {
  signupProfile: { method: 'GET', path: '/api/v1/user/signup/profile', roles: client, response: ZSignupProfileSchema },
  updateSignupProfile: {
    method: 'PUT',
    path: '/api/v1/user/signup/profile',
    roles: client,
    body: ZSignupProfileUpdateSchema,
    response: ZSignupProfileSchema,
  },
  signupQuestions: {
    method: 'GET',
    path: '/api/v1/user/signup/questions',
    roles: client,
    response: ZSignupQuestionsSchema,
  },
  updateSignupQuestions: {
    method: 'PUT',
    path: '/api/v1/user/signup/questions',
    roles: client,
    body: ZSignupQuestionsUpdateSchema,
    response: ZSignupQuestionsSchema,
  },
  questions: {
    method: 'GET',
    path: '/api/v1/user/questions',
    roles: client,
    querystring: ZQuestionsQuerySchema,
    response: ZQuestionsResponseSchema,
  },
  therapyMethods: {
    method: 'GET',
    path: '/api/v1/user/therapy_methods',
    roles: client,
    response: ZTherapyMethodsResponseSchema,
  },
  therapistAiAnalyses: {
    method: 'POST',
    path: '/api/v1/user/therapist_ai_analyses',
    roles: client,
    response: ZSuggestionsResponseSchema,
  },
  suggestions: { method: 'GET', path: '/api/v1/user/suggestions', roles: client, response: ZSuggestionsResponseSchema },
  suggestionsCount: {
    method: 'GET',
    path: '/api/v1/user/suggestions_count',
    roles: client,
    response: ZSuggestionsCountSchema,
  },
  therapistCard: {
    method: 'GET',
    path: '/api/v1/user/therapists/:id',
    roles: client,
    params: ZTherapistIdParamsSchema,
    response: ZTherapistCardSchema,
  },
  lkData: { method: 'GET', path: '/api/v1/user/lk_data', roles: client, response: ZLkDataSchema },
  lkWidgets: { method: 'GET', path: '/api/v1/user/lk_widgets', roles: client, response: ZLkWidgetsSchema },
} as const satisfies Record<string, TRouteDef>;
