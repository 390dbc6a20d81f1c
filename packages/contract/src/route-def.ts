import type { z } from 'zod';
import type { TRole } from './roles.ts';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TRouteDef = {
  method: THttpMethod;
  /** Fastify style: `/api/v1/user/passes/:id/buy`; fill with `buildPath`. */
  path: string;
  /** 'public' needs no session; otherwise the roles admitted. */
  roles: 'public' | readonly TRole[];
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
