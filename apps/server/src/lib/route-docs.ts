import {
  routes,
  type TErrorCode,
  type TRole,
  type TRouteDef,
  type TRouteName,
  ZApiErrorSchema,
} from '@therapy/contract';
import { errorStatus } from './errors.ts';

/**
 * What the API reference (`/api/docs`) says about each route, derived from its contract definition
 * and the options it was registered with, so the document cannot drift from the server.
 */

const TAG_OF_ROLE: Record<TRole, string> = {
  client: 'client',
  therapist: 'therapist',
  business_account: 'business account',
};
const PUBLIC_TAG = 'public';

/** The document's tags: operations are grouped by who calls them. */
export const TAGS = [
  { name: PUBLIC_TAG, description: 'No session needed: sign-in, sign-up, health.' },
  { name: TAG_OF_ROLE.client, description: "The client's calls (role `client`)." },
  { name: TAG_OF_ROLE.therapist, description: "The therapist's calls (role `therapist`)." },
  { name: TAG_OF_ROLE.business_account, description: "The business account's calls (role `business_account`)." },
];

/** What a developer reads about each error code; the Russian `message` of the answer is for the person. */
const MEANING: Record<TErrorCode, string> = {
  malformed_request: 'the body is not valid JSON',
  validation_failed: 'input is missing or wrong; `fields` names each field with its message',
  unauthorized: 'no valid session: sign in first',
  forbidden: 'the signed-in user has a role this call is not for',
  csrf_invalid: 'the X-CSRF-Token header is missing or is not the session’s',
  not_found: 'no such object among the user’s own (another user’s ids answer the same)',
  conflict: 'the object is not in a state that allows this',
  rate_limited: 'too many calls from this address: wait and retry',
  invalid_credentials: 'wrong e-mail or password',
  email_taken: 'an account with this e-mail already exists',
  weak_password: 'the password is too common',
  consent_required: 'consent to the processing of personal data is missing',
  consent_pending:
    'a required consent text has a version the client has not accepted: read GET /api/v1/user/consents, accept with POST',
  captcha_required:
    'the captcha plugin is on and this call needs `captcha_token` (sign-up; sign-in after repeated failures)',
  captcha_failed: 'the captcha provider refused `captcha_token`: solve the widget again',
  slot_taken: 'someone else has taken this time',
  slot_unavailable: 'the therapist does not work at this time or takes no new clients',
  hold_expired: 'the hold on this time has lapsed: choose a time again',
  too_late: 'too late: the time has passed or is too close',
  pass_required: 'no active pass of the client can pay for this session',
  payment_failed: 'the payment provider could not open a checkout: try again later',
  amount_mismatch: 'the price or the discount changed since the client saw it',
  promocode_invalid: 'the promo code does not exist or cannot be used now',
  promocode_blocked: 'the client’s employer does not allow promo codes',
  unavailable: 'a service the server depends on (the database, Redis) is unreachable: retry shortly',
  gone: 'the object existed but is gone for good (a data archive past its 7 days): ask for a new one',
  internal: 'an unexpected server error',
};

/** What the docs need of the options a route was registered with (its `config`). */
export type TDocOptions = { csrf?: boolean; rateLimit?: unknown };

const isPublic = (def: TRouteDef) => def.roles === 'public';
const needsCsrf = (def: TRouteDef, options: TDocOptions) =>
  !isPublic(def) && def.method !== 'GET' && options.csrf !== false;

/** The codes a route may answer with: those its definition implies, then those its own work adds. */
export function errorCodesOf(def: TRouteDef, options: TDocOptions): TErrorCode[] {
  const codes = new Set<TErrorCode>();
  if (def.body) codes.add('malformed_request');
  if (!isPublic(def)) codes.add('unauthorized').add('forbidden');
  // A client with a new consent text to accept is refused everything but the gate's own routes (plugins/consent-gate.ts).
  if (!isPublic(def) && def.roles.includes('client') && !def.beforeConsent) codes.add('consent_pending');
  if (needsCsrf(def, options)) codes.add('csrf_invalid');
  if (def.params) codes.add('not_found');
  if (def.body || def.querystring || def.params) codes.add('validation_failed');
  if (options.rateLimit) codes.add('rate_limited');
  for (const code of def.errors ?? []) codes.add(code);
  return [...codes];
}

/** Who may call the route: nobody needs anything on a public route; the session, and the CSRF token on writes. */
export function securityOf(def: TRouteDef, options: TDocOptions): Record<string, string[]>[] {
  if (isPublic(def)) return [];
  return [needsCsrf(def, options) ? { session: [], csrf: [] } : { session: [] }];
}

export const tagsOf = (def: TRouteDef): string[] =>
  def.roles === 'public' ? [PUBLIC_TAG] : def.roles.map((role) => TAG_OF_ROLE[role]);

export type TErrorResponse = {
  description: string;
  content: { 'application/json': { schema: typeof ZApiErrorSchema } };
};

/** One documented answer per status, listing the codes it carries and what each means. */
export function errorResponsesOf(def: TRouteDef, options: TDocOptions): Record<string, TErrorResponse> {
  const byStatus = new Map<number, TErrorCode[]>();
  for (const code of errorCodesOf(def, options)) {
    const status = errorStatus(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, TErrorResponse> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\`: ${MEANING[code]}.`).join(' '),
      content: { 'application/json': { schema: ZApiErrorSchema } },
    };
  }
  return responses;
}

const BY_METHOD_AND_PATH = new Map(
  Object.entries(routes).map(([name, def]) => [`${def.method} ${def.path}`, { name: name as TRouteName, def }]),
);

/** The contract route registered at this method and path, with its name (the operationId). */
export const contractRouteAt = (method: string, path: string): { name: TRouteName; def: TRouteDef } | undefined =>
  BY_METHOD_AND_PATH.get(`${method} ${path}`);
