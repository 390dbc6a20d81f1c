import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { endActiveSession, endOtherSessions, listActiveSessions } from './active-sessions.ts';
import { changePassword } from './change-password.ts';

const MINUTE = 60_000;

/** Settings of every role: the live sessions (end one or all others) and the password. */
export async function activeSessionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.activeSessions, (request) => listActiveSessions(ctx, request.user, request.session));
  addRoute(app, routes.endActiveSession, (request) =>
    endActiveSession(ctx, request.user, request.session, request.params.id, originOf(request)),
  );
  addRoute(app, routes.endOtherSessions, async (request) => {
    await endOtherSessions(ctx, request.user, request.session, originOf(request));
    return listActiveSessions(ctx, request.user, request.session);
  });
  addRoute(
    app,
    routes.changePassword,
    (request) => changePassword(ctx, request.user, request.session, request.body, originOf(request)),
    // The current password is checked here: guessed no faster than at sign-in.
    { rateLimit: { max: ctx.config.SIGN_IN_RATE_LIMIT, timeWindow: MINUTE } },
  );
}
