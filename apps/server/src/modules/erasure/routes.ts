import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { eraseAccount } from './erase-account.ts';

const MINUTE = 60_000;

/** «Удалить аккаунт»: the client erases their account; the browser's session ends with it. */
export async function erasureRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(
    app,
    routes.eraseAccount,
    async (request, reply) => {
      const erased = await eraseAccount(ctx, request.user, request.body, originOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return erased;
    },
    // The password is checked here: guessed no faster than at sign-in.
    { rateLimit: { max: ctx.config.SIGN_IN_RATE_LIMIT, timeWindow: MINUTE } },
  );
}
