import {
  ZAcceptConsentsRequestSchema,
  ZConsentKindParamsSchema,
  ZConsentsResponseSchema,
  ZDataViewsResponseSchema,
  ZEraseAccountRequestSchema,
  ZEraseAccountResponseSchema,
} from '../privacy.ts';
import type { TRouteDef } from '../route-def.ts';

/** The client's privacy rights: who read their data, their consents, erasure. */
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
  eraseAccount: {
    method: 'POST',
    path: '/api/v1/user/erase',
    summary:
      "Delete the client's account (the password is asked for: 422 on password when wrong): future sessions cancelled by the policy, personal and health data erased; the session ends",
    errors: ['conflict'],
    roles: ['client'],
    // A client who will not accept a new text can still leave: the gate itself offers it.
    beforeConsent: true,
    body: ZEraseAccountRequestSchema,
    response: ZEraseAccountResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
