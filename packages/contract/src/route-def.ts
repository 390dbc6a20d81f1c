import type { z } from 'zod';
import type { TErrorCode } from './errors.ts';
import type { TRole } from './roles.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request body may be sent: JSON unless a route says otherwise. */
export type TBodyType = 'json' | 'form' | 'multipart';

export const MEDIA_TYPE_OF_BODY: Record<TBodyType, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

export type TRouteDef = {
  method: THttpMethod;
  /** Fastify style: `/api/v1/user/passes/:id/buy`; fill with `buildPath`. */
  path: string;
  /** What the route does, in one English line: the API reference's summary (`/api/docs`). */
  summary: string;
  /** 'public' needs no session; otherwise the roles admitted. */
  roles: 'public' | readonly TRole[];
  /**
   * The error codes the route's own work may answer with. Those that follow from the definition
   * itself are implied and not listed: a session and a role (401, 403), the CSRF token on writes
   * (403), input validation (422; 400 for a malformed body), an unknown id in the path (404) and
   * a rate limit (429).
   */
  errors?: readonly TErrorCode[];
  /**
   * Open to a client who has yet to accept a new version of a required consent text: reading and accepting
   * consents, signing out, reading 'me', ending sessions. Every other client route answers 403
   * `consent_pending` until they accept (the server's consent-gate plugin).
   */
  beforeConsent?: true;
  /** The body types the route takes; `['json']` when left out. Any other `Content-Type` is refused with 415. */
  bodyTypes?: readonly TBodyType[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
};

/** Fills the `:name` parts of a route path; values are URL-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-z_]+)/gi, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
