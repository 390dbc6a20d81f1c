import {
  ZBusinessLogoutBodySchema,
  ZLogoutResponseSchema,
  ZSignInRequestSchema,
  ZSignInResponseSchema,
  ZSignUpRequestSchema,
} from '../auth.ts';
import { ZCurrentBusinessAccountSchema } from '../business.ts';
import { ZHealthSchema } from '../health.ts';
import type { TRouteDef } from '../route-def.ts';
import { ZTherapistCurrentSchema } from '../therapists.ts';
import { ZUserMeResponseSchema } from '../users.ts';

/** Health, authentication and the current user of each role. */
export const coreRoutes = {
  health: { method: 'GET', path: '/healthz', roles: 'public', response: ZHealthSchema },
  signIn: {
    method: 'POST',
    path: '/api/v1/auth/sign_in',
    roles: 'public',
    body: ZSignInRequestSchema,
    response: ZSignInResponseSchema,
  },
  signUp: {
    method: 'POST',
    path: '/api/v1/auth/sign_up',
    roles: 'public',
    body: ZSignUpRequestSchema,
    response: ZSignInResponseSchema,
  },
  clientLogout: { method: 'POST', path: '/user/auth/logout', roles: ['client'], response: ZLogoutResponseSchema },
  therapistLogout: {
    method: 'POST',
    path: '/therapist/auth/logout',
    roles: ['therapist'],
    response: ZLogoutResponseSchema,
  },
  businessLogout: {
    method: 'POST',
    path: '/business/auth/logout',
    roles: ['business_account'],
    body: ZBusinessLogoutBodySchema,
    response: ZLogoutResponseSchema,
  },
  userMe: { method: 'GET', path: '/api/v1/user/me', roles: ['client'], response: ZUserMeResponseSchema },
  therapistCurrent: {
    method: 'GET',
    path: '/api/v1/therapist/current',
    roles: ['therapist'],
    response: ZTherapistCurrentSchema,
  },
  currentBusinessAccount: {
    method: 'GET',
    path: '/api/v1/business_accounts/current_business_account',
    roles: ['business_account'],
    response: ZCurrentBusinessAccountSchema,
  },
} as const satisfies Record<string, TRouteDef>;
