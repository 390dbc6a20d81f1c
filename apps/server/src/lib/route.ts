import type { TRouteDef } from '@therapy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';

type TInfer<D, K extends string> = D extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

export type TRouteRequest<D extends TRouteDef> = FastifyRequest<{
  Body: TInfer<D, 'body'>;
  Querystring: TInfer<D, 'querystring'>;
  Params: D extends { params: infer S extends z.ZodType } ? z.output<S> : Record<string, string>;
}>;

export type TRouteHandler<D extends TRouteDef> = (
  request: TRouteRequest<D>,
  reply: FastifyReply,
) => Promise<z.input<D['response']>>;

/**
 * Registers one route of the contract table: its method, path, schemas and roles
 * come from `packages/contract`, so the server cannot drift from what the web expects.
 */
export function addRoute<D extends TRouteDef>(
  app: FastifyInstance,
  def: D,
  handler: TRouteHandler<D>,
  options: { csrf?: boolean; rateLimit?: { max: number; timeWindow: number } } = {},
): void {
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
      ...(options.csrf === undefined ? {} : { csrf: options.csrf }),
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
