import type { FastifyRequest } from 'fastify';
import type { TAuth } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

/** The session of a route that admits only signed-in roles (the auth plugin has checked it already). */
export function requireAuth(request: FastifyRequest): TAuth {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}
