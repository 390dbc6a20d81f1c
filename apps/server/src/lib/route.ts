import { MEDIA_TYPE_OF_BODY, type TRole, type TRouteDef } from '@therapy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { TAuthSessionRow, TUserRow } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { translatePayload } from './i18n/translate.ts';

type TInfer<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** A signed-in user whose role is one of the route's roles. */
export type TUserOfRole<R extends TRole> = TUserRow & { role: R };

/** What a route's declared roles promise the handler: the user of one of those roles, or maybe nobody on a public route. */
type TAuthOf<D extends TRouteDef> = D['roles'] extends readonly (infer R extends TRole)[]
  ? { user: TUserOfRole<R>; session: TAuthSessionRow }
  : { user: TUserRow | null; session: TAuthSessionRow | null };

export type TRouteRequest<D extends TRouteDef> = FastifyRequest<{
  Body: TInfer<D, 'body'>;
  Querystring: TInfer<D, 'querystring'>;
  Params: D extends { params: infer S extends z.ZodType } ? z.output<S> : Record<string, string>;
}> &
  TAuthOf<D>;

export type TRouteHandler<D extends TRouteDef> = (
  request: TRouteRequest<D>,
  reply: FastifyReply,
) => Promise<z.input<D['response']>>;

export type TRouteOptions = {
  csrf?: boolean;
  rateLimit?: { max: number; timeWindow: number };
  /**
   * A signed-in user's read answered from memory while nothing it shows has changed (lib/read-cache.ts): only
   * for a GET whose answer depends on nothing but the user and the address, and reads no table the triggers
   * of `read_changes` leave out (read-cache.test.ts checks each such route).
   */
  cachePerUser?: true;
};

/** The paths registered with `cachePerUser`, for the test that checks what each of them reads. */
export const cachedReadPaths = new Set<string>();

/** The auth plugin has refused everyone the route's roles do not admit; checked again so a missed hook cannot leak. */
function assertAdmitted(def: TRouteDef, user: TUserRow | null): void {
  if (def.roles === 'public') return;
  if (!user) throw new AppError('unauthorized');
  if (!def.roles.includes(user.role)) throw new AppError('forbidden');
}

/**
 * Registers one route of the contract table: its method, path, schemas and roles come from
 * `packages/contract`, so the server cannot drift from what the web expects. The handler gets
 * `request.user` (and `request.session`) typed by the route's roles: a `['client']` route sees a
 * client, a public route a user or null.
 */
export function addRoute<D extends TRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: TRouteHandler<D>,
  options: TRouteOptions = {},
): void {
  const run = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  if (options.cachePerUser && (def.method !== 'GET' || def.roles === 'public')) {
    throw new Error(`${def.method} ${def.path}: only a signed-in GET can be cached per user`);
  }
  if (options.cachePerUser) cachedReadPaths.add(def.path);
  const withUser: RouteHandlerMethod = options.cachePerUser
    ? async (request, reply) => {
        assertAdmitted(def, request.user);
        const user = request.user as TUserRow;
        // Kept as sent: translated (the language plugin's preSerialization) and serialized by the route's own
        // serializer, so a copy skips both; a string goes out as it is, past the preSerialization hooks.
        const json = await app.ctx.reads.read(user, `${request.language} ${request.url}`, async () =>
          reply.serialize(translatePayload(await run(request, reply), request.language)),
        );
        return reply.type('application/json; charset=utf-8').send(json);
      }
    : (request, reply) => {
        assertAdmitted(def, request.user);
        return run(request, reply);
      };
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { 200: def.response },
    },
    config: {
      roles: def.roles,
      ...(def.beforeConsent ? { beforeConsent: true as const } : {}),
      mediaTypes: (def.bodyTypes ?? ['json']).map((type) => MEDIA_TYPE_OF_BODY[type]),
      ...(options.csrf === undefined ? {} : { csrf: options.csrf }),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.cachePerUser ? { cachePerUser: true as const } : {}),
    },
    handler: withUser,
  });
}
