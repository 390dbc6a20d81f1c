import { routes } from '@therapy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { TUserRow } from '../../db/schema/index.ts';
import { originOf } from '../../lib/audit.ts';
import { captchaFromConfig, verifyCaptcha } from '../../lib/captcha.ts';
import { addRoute } from '../../lib/route.ts';
import { presentCurrentUser } from '../users/present-user.ts';
import { createSession, destroySession, SESSION_COOKIE } from './sessions.ts';
import { assertSignInPageRole, authenticateThrottled } from './sign-in.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { signUpClient } from './sign-up.ts';

const MINUTE = 60_000;

/** `redis` (when REDIS_URL is set) shares the per-account sign-in counts between nodes. */
export async function authRoutes(app: FastifyInstance, { redis }: { redis: Redis | null }) {
  const { ctx } = app;
  const { config } = ctx;
  const throttle = createSignInThrottle(
    {
      freeFailures: config.SIGN_IN_ACCOUNT_FREE_FAILURES,
      baseMs: config.SIGN_IN_ACCOUNT_BASE_DELAY_MS,
      maxMs: config.SIGN_IN_ACCOUNT_MAX_DELAY_MS,
    },
    { redis, prefix: config.RATE_LIMIT_REDIS_PREFIX, log: app.log },
  );

  // The captcha plugin (off by default): on every sign-up, and on a sign-in into an account with repeated failures.
  const captcha = captchaFromConfig(config);

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: TUserRow) {
    // A new session id at every sign-in: whatever session the browser had before is dropped.
    if (request.session) await destroySession(ctx, request.session.tokenHash);
    const session = await createSession(ctx, user.id, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      expires: session.expiresAt,
    });
    return { user: presentCurrentUser(ctx, user), csrf_token: session.csrfToken };
  }

  addRoute(
    app,
    routes.signIn,
    // Limited twice: per address (rateLimit) and per account (the throttle), so neither many
    // accounts from one address nor one account from many addresses can be guessed at speed.
    async (request, reply) => {
      const { captcha_token: token } = request.body;
      const user = await authenticateThrottled(
        ctx,
        throttle,
        request.body,
        captcha
          ? async (failures) => {
              if (failures >= captcha.signInAfterFailures) await verifyCaptcha(captcha, token, request.ip, request.log);
            }
          : undefined,
      );
      assertSignInPageRole(user, request.body.role);
      return startSession(request, reply, user);
    },
    { rateLimit: { max: ctx.config.SIGN_IN_RATE_LIMIT, timeWindow: MINUTE } },
  );

  addRoute(
    app,
    routes.signUp,
    async (request, reply) => {
      if (captcha) await verifyCaptcha(captcha, request.body.captcha_token, request.ip, request.log);
      return startSession(request, reply, await signUpClient(ctx, request.body, originOf(request)));
    },
    { rateLimit: { max: ctx.config.SIGN_UP_RATE_LIMIT, timeWindow: MINUTE } },
  );

  for (const def of [routes.clientLogout, routes.therapistLogout, routes.businessLogout]) {
    addRoute(app, def, async (request, reply) => {
      await destroySession(ctx, request.session.tokenHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { redirect_to: '/' };
    });
  }
}
