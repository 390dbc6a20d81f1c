import {
  ZActiveSessionParamsSchema,
  ZActiveSessionsResponseSchema,
  ZChangePasswordRequestSchema,
  ZChangePasswordResponseSchema,
} from '../auth-sessions.ts';
import type { TRouteDef } from '../route-def.ts';

const everyone = ['client', 'therapist', 'business_account'] as const;

/** The signed-in user's sessions and password (settings). */
export const authSessionRoutes = {
  activeSessions: {
    method: 'GET',
    path: '/api/v1/auth/sessions',
    summary: "The user's live sessions: device, approximate place, sign-in and last use; the current one first",
    beforeConsent: true,
    roles: everyone,
    response: ZActiveSessionsResponseSchema,
  },
  endActiveSession: {
    method: 'DELETE',
    path: '/api/v1/auth/sessions/:id',
    summary: 'End one of the user’s other sessions (the current one ends with sign-out); returns those left',
    errors: ['conflict'],
    beforeConsent: true,
    roles: everyone,
    params: ZActiveSessionParamsSchema,
    response: ZActiveSessionsResponseSchema,
  },
  endOtherSessions: {
    method: 'POST',
    path: '/api/v1/auth/sessions/end_others',
    summary: 'End every session of the user but the current one; returns those left (the current one)',
    beforeConsent: true,
    roles: everyone,
    response: ZActiveSessionsResponseSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/v1/auth/password',
    summary:
      'Change the password (the current one is asked for: 422 on current_password when wrong); every other session is ended',
    errors: ['weak_password'],
    beforeConsent: true,
    roles: everyone,
    body: ZChangePasswordRequestSchema,
    response: ZChangePasswordResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
