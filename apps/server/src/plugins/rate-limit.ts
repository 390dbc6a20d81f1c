import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { errorBody } from '../lib/errors.ts';

/**
 * Per-route limits (routes opt in with `rateLimit`), counted per client address (request.ip:
 * the socket's peer, or what a proxy named in TRUST_PROXY says). With Redis every node counts
 * in the same keys, so a limit holds however many nodes there are. If Redis fails, requests
 * go through (logged) rather than every limited route failing with it.
 */
export async function registerRateLimit(app: FastifyInstance, o: { redis: Redis | null; prefix: string }) {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(o.redis ? { redis: o.redis, nameSpace: o.prefix, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('rate_limited', `Слишком много попыток. Попробуйте снова через ${Math.ceil(context.ttl / 1000)} с`),
    }),
  });
}
