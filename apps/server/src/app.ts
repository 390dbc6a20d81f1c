import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TAppContext } from './context.ts';
import type { TDatabase } from './db/client.ts';
import { errorBody } from './lib/errors.ts';
import { createHashids } from './lib/ids.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { businessRoutes } from './modules/business/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { matchingRoutes } from './modules/matching/routes.ts';
import { mailboxRoutes } from './modules/notifications/mailbox-routes.ts';
import { commercePlugin } from './modules/payments/commerce-plugin.ts';
import { scheduleRoutes } from './modules/schedule/routes.ts';
import { signupRoutes } from './modules/signup/routes.ts';
import { therapistsRoutes } from './modules/therapists/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { videoRoutes } from './modules/video/routes.ts';
import { webRoutes } from './modules/web/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';

export type TBuildOptions = { config: TConfig; database: TDatabase; logger?: boolean };

/** Builds the whole server (plugins, routes, pages); never listens, so tests can `inject`. */
export async function buildApp({ config, database, logger = true }: TBuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          // Readable lines for a person at a terminal; JSON lines for everything else (log collectors).
          ...(config.APP_ENV === 'development' && process.stdout.isTTY
            ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
            : {}),
        }
      : false,
    trustProxy: config.APP_ENV === 'production',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const ctx: TAppContext = { config, database, db: database.db, hashids: createHashids(config.SQIDS_ALPHABET) };
  app.decorate('ctx', ctx);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // An empty JSON body (a bodiless POST from a client that still sets the header) counts as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    parseJson(request, body as string, done);
  });

  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('rate_limited', `Слишком много попыток. Попробуйте снова через ${Math.ceil(context.ttl / 1000)} с`),
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Терапия онлайн API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(therapistsRoutes);
  await app.register(businessRoutes);
  await app.register(signupRoutes);
  await app.register(matchingRoutes);
  await app.register(dashboardRoutes);
  await app.register(scheduleRoutes);
  await app.register(bookingRoutes);
  await app.register(mailboxRoutes);
  await app.register(commercePlugin);
  await app.register(videoRoutes);
  await webRoutes(app);

  await app.ready();
  return app;
}
