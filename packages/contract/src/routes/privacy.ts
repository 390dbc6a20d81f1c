import {
  ZAcceptConsentsRequestSchema,
  ZConsentKindParamsSchema,
  ZConsentsResponseSchema,
  ZDataViewsResponseSchema,
} from '../privacy.ts';
import type { TRouteDef } from '../route-def.ts';

/** The client's privacy rights: who read their data, their consents. */
export const privacyRoutes = {
  userDataViews: {
    method: 'GET',
    path: '/api/v1/user/data_views',
    summary: "Who read the client's data (their therapist, their employer): the latest 200 reads, newest first",
    beforeConsent: true,
    roles: ['client'],
    response: ZDataViewsResponseSchema,
  },
  userConsents: {
    method: 'GET',
    path: '/api/v1/user/consents',
    summary:
      "The client's consents: each text's current version, what they accepted and when, and which need accepting again",
    beforeConsent: true,
    roles: ['client'],
    response: ZConsentsResponseSchema,
  },
  acceptConsents: {
    method: 'POST',
    path: '/api/v1/user/consents',
    summary: 'Accept consent texts in their current versions (stored with the time and address)',
    errors: ['consent_required'],
    beforeConsent: true,
    roles: ['client'],
    body: ZAcceptConsentsRequestSchema,
    response: ZConsentsResponseSchema,
  },
  withdrawConsent: {
    method: 'DELETE',
    path: '/api/v1/user/consents/:kind',
    summary: 'Withdraw a consent not needed for the service (409 for one that is)',
    errors: ['conflict'],
    beforeConsent: true,
    roles: ['client'],
    params: ZConsentKindParamsSchema,
    response: ZConsentsResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
