import {
  ZBusinessLogoutBodySchema,
  ZLogoutResponseSchema,
  ZSignInRequestSchema,
  ZSignInResponseSchema,
  ZSignUpRequestSchema,
} from '../auth.ts';
import { ZCurrentBusinessAccountSchema } from '../business.ts';
import { ZHealthSchema, ZReadinessSchema } from '../health.ts';
import { ZSetLanguageBodySchema, ZSetLanguageResponseSchema } from '../language.ts';
import type { TRouteDef } from '../route-def.ts';
import { ZTherapistCurrentSchema } from '../therapists.ts';
import { ZUserMeResponseSchema, ZVisitorGeoSchema } from '../users.ts';

/** Health, authentication and the current user of each role. */
export const coreRoutes = {
  health: {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers (200 while it runs; the database state is reported, not required)',
    roles: 'public',
    response: ZHealthSchema,
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database (and Redis when used) answer; 503 names the dependency that failed',
    roles: 'public',
    response: ZReadinessSchema,
  },
  visitorGeo: {
    method: 'GET',
    path: '/api/v1/visitor/geo',
    summary:
      "The visitor's country, time zone and currency from the IP-information service (spec §7), cached; nulls without it",
    roles: 'public',
    response: ZVisitorGeoSchema,
  },
  signIn: {
    method: 'POST',
    path: '/api/v1/auth/sign_in',
    summary: 'Sign in with e-mail and password; sets the session cookie and returns the CSRF token',
    errors: ['invalid_credentials', 'captcha_required', 'captcha_failed'],
    roles: 'public',
    body: ZSignInRequestSchema,
    response: ZSignInResponseSchema,
  },
  signUp: {
    method: 'POST',
    path: '/api/v1/auth/sign_up',
    summary: 'Create a client account and sign in',
    errors: ['email_taken', 'weak_password', 'consent_required', 'captcha_required', 'captcha_failed'],
    roles: 'public',
    body: ZSignUpRequestSchema,
    response: ZSignInResponseSchema,
  },
  clientLogout: {
    method: 'POST',
    path: '/user/auth/logout',
    summary: 'Sign the client out',
    beforeConsent: true,
    roles: ['client'],
    response: ZLogoutResponseSchema,
  },
  therapistLogout: {
    method: 'POST',
    path: '/therapist/auth/logout',
    summary: 'Sign the therapist out',
    roles: ['therapist'],
    response: ZLogoutResponseSchema,
  },
  businessLogout: {
    method: 'POST',
    path: '/business/auth/logout',
    summary: 'Sign the business account out',
    roles: ['business_account'],
    // Spec §7: the CSRF token is a field of the body, as a plain HTML form would send it.
    bodyTypes: ['json', 'form'],
    body: ZBusinessLogoutBodySchema,
    response: ZLogoutResponseSchema,
  },
  userMe: {
    method: 'GET',
    path: '/api/v1/user/me',
    summary: 'The signed-in client',
    beforeConsent: true,
    roles: ['client'],
    response: ZUserMeResponseSchema,
  },
  setLanguage: {
    method: 'PUT',
    path: '/api/v1/user/language',
    summary: "Save the user's interface language: answers without Accept-Language and the mails to them use it",
    beforeConsent: true,
    roles: ['client', 'therapist', 'business_account'],
    body: ZSetLanguageBodySchema,
    response: ZSetLanguageResponseSchema,
  },
  therapistCurrent: {
    method: 'GET',
    path: '/api/v1/therapist/current',
    summary: 'The signed-in therapist and their profile',
    errors: ['not_found'],
    roles: ['therapist'],
    response: ZTherapistCurrentSchema,
  },
  currentBusinessAccount: {
    method: 'GET',
    path: '/api/v1/business_accounts/current_business_account',
    summary: 'The signed-in business account',
    roles: ['business_account'],
    response: ZCurrentBusinessAccountSchema,
  },
} as const satisfies Record<string, TRouteDef>;
