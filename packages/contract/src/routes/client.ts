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
  signupProfile: {
    method: 'GET',
    path: '/api/v1/user/signup/profile',
    summary: "The client's sign-up profile",
    roles: client,
    response: ZSignupProfileSchema,
  },
  updateSignupProfile: {
    method: 'PUT',
    path: '/api/v1/user/signup/profile',
    summary: "Save the client's sign-up profile",
    roles: client,
    body: ZSignupProfileUpdateSchema,
    response: ZSignupProfileSchema,
  },
  signupQuestions: {
    method: 'GET',
    path: '/api/v1/user/signup/questions',
    summary: "The client's questionnaire answers",
    roles: client,
    response: ZSignupQuestionsSchema,
  },
  updateSignupQuestions: {
    method: 'PUT',
    path: '/api/v1/user/signup/questions',
    summary: "Save the client's questionnaire answers",
    roles: client,
    body: ZSignupQuestionsUpdateSchema,
    response: ZSignupQuestionsSchema,
  },
  questions: {
    method: 'GET',
    path: '/api/v1/user/questions',
    summary: 'The questionnaire for a therapy type',
    roles: client,
    querystring: ZQuestionsQuerySchema,
    response: ZQuestionsResponseSchema,
  },
  therapyMethods: {
    method: 'GET',
    path: '/api/v1/user/therapy_methods',
    summary: 'Therapy methods a client can ask for',
    roles: client,
    response: ZTherapyMethodsResponseSchema,
  },
  therapistAiAnalyses: {
    method: 'POST',
    path: '/api/v1/user/therapist_ai_analyses',
    summary: "Match therapists to the client's questionnaire",
    roles: client,
    response: ZSuggestionsResponseSchema,
  },
  suggestions: {
    method: 'GET',
    path: '/api/v1/user/suggestions',
    summary: 'Therapists suggested to the client, best match first',
    roles: client,
    response: ZSuggestionsResponseSchema,
  },
  suggestionsCount: {
    method: 'GET',
    path: '/api/v1/user/suggestions_count',
    summary: "How many therapists match the client's saved answers now (the questionnaire shows it live)",
    roles: client,
    response: ZSuggestionsCountSchema,
  },
  therapistCard: {
    method: 'GET',
    path: '/api/v1/user/therapists/:id',
    summary: "A therapist's card as the client sees it",
    roles: client,
    params: ZTherapistIdParamsSchema,
    response: ZTherapistCardSchema,
  },
  lkData: {
    method: 'GET',
    path: '/api/v1/user/lk_data',
    summary: "The client's dashboard: next session, pass and therapist",
    roles: client,
    response: ZLkDataSchema,
  },
  lkWidgets: {
    method: 'GET',
    path: '/api/v1/user/lk_widgets',
    summary: "The client's dashboard blocks, in the order to show them",
    roles: client,
    response: ZLkWidgetsSchema,
  },
} as const satisfies Record<string, TRouteDef>;
