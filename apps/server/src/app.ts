import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TAppContext } from './context.ts';
import type { TDatabase } from './db/client.ts';
import { createFolderFileStore } from './lib/file-store.ts';
import { createHashids } from './lib/ids.ts';
import { createReadCache } from './lib/read-cache.ts';
import { createReadiness } from './lib/readiness.ts';
import { createRedisClient } from './lib/redis.ts';
import { createSessionCache } from './lib/session-cache.ts';
import { fastifyTrustProxy } from './lib/trust-proxy.ts';
import { agreementsRoutes } from './modules/agreements/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { activeSessionRoutes } from './modules/auth/session-routes.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { businessRoutes } from './modules/business/routes.ts';
import { cardsRoutes } from './modules/cards/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { erasureRoutes } from './modules/erasure/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { matchingRoutes } from './modules/matching/routes.ts';
import { mailboxRoutes } from './modules/notifications/mailbox-routes.ts';
import { passesRoutes } from './modules/passes/routes.ts';
import { createPaymentProviders } from './modules/payment-providers/payment-providers.ts';
import { sandboxCheckoutRoutes } from './modules/payment-providers/sandbox/sandbox-routes.ts';
import { paymentWebhookRoutes } from './modules/payment-providers/webhook-routes.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { promocodesRoutes } from './modules/promocodes/routes.ts';
import { applyPaymentEvent } from './modules/purchases/apply-payment-event.ts';
import { purchasesRoutes } from './modules/purchases/routes.ts';
import { scheduleRoutes } from './modules/schedule/routes.ts';
import { signupRoutes } from './modules/signup/routes.ts';
import { therapistClientRoutes } from './modules/therapist-clients/routes.ts';
import { therapistProfileRoutes } from './modules/therapist-profile/routes.ts';
import { therapistsRoutes } from './modules/therapists/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { videoRoutes } from './modules/video/routes.ts';
import { visitorsRoutes } from './modules/visitors/routes.ts';
import { webRoutes } from './modules/web/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { consentGatePlugin } from './plugins/consent-gate.ts';
import { registerDevRoutes } from './plugins/dev-only.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors.ts';
import { languagePlugin } from './plugins/language.ts';
import { loggerOptions, registerRequestIds, requestIdOptions } from './plugins/logging.ts';
import { mediaTypePlugin } from './plugins/media-type.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { safeTextPlugin } from './plugins/safe-text.ts';
import { sameSitePlugin } from './plugins/same-site.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerClosingGuard } from './plugins/shutdown.ts';

export type TBuildOptions = {
  config: TConfig;
  database: TDatabase;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
};

/** Builds the whole server (plugins, routes, pages); never listens, so tests can `inject`. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
}: TBuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream ? { ...loggerOptions(config), stream: logStream } : logger ? loggerOptions(config) : false,
    ...requestIdOptions,
    // Only the proxies named in TRUST_PROXY may say who the client is (X-Forwarded-For).
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // Requests arriving while the server closes get our own 503 (plugins/shutdown.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Shared counters (rate limits, sign-in delays) and session generations live in Redis when there is
  // one, so every node counts together and hears of every revocation.
  const redis = config.REDIS_URL ? await createRedisClient(config.REDIS_URL) : null;
  if (redis) {
    redis.on('error', (err) => app.log.debug({ err }, 'Redis connection failed'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }

  const sessions = createSessionCache({
    redis,
    prefix: config.SESSION_CACHE_REDIS_PREFIX,
    // Embedded PGlite belongs to this one process: nobody else can revoke a session behind its back.
    singleNode: database.driver === 'pglite',
    sessionLifetimeMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  const ctx: TAppContext = {
    config,
    database,
    db: database.db,
    hashids: createHashids(config.SQIDS_ALPHABET),
    files: createFolderFileStore(path.resolve(config.FILES_DIR ?? path.join(config.DATA_DIR, 'files'))),
    readiness: createReadiness(),
    sessions,
    reads: createReadCache(database, { sessionsCached: sessions.mode !== 'off' }),
  };
  ctx.readiness.add('database', () => database.db.execute(sql`select 1`));
  app.decorate('ctx', ctx);
  // Built once here and handed on explicitly: routes read `app.payments`, domain functions take it as an argument.
  app.decorate('payments', createPaymentProviders(ctx));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestIds(app, config);
  registerClosingGuard(app);

  // An empty JSON body (a bodiless POST from a client that still sets the header) counts as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    parseJson(request, body as string, done);
  });

  registerSecurityHeaders(app, config);
  // Responses over 1 KB (JSON, pages) go out compressed when the client accepts it: Brotli at a quality that costs
  // less than the bytes it saves, else gzip. Built files are compressed once at build time (modules/web/routes.ts).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Uploads (avatars, education documents, employee lists): one file per request, size-limited.
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 21 } });
  await registerRateLimit(app, { redis, prefix: config.RATE_LIMIT_REDIS_PREFIX });
  await registerMetrics(app, { database, allow: config.METRICS_ALLOW, processMetrics: config.APP_ENV !== 'test' });
  await registerOpenApi(app);
  await app.register(sameSitePlugin);
  await app.register(mediaTypePlugin);
  await app.register(authPlugin);
  await app.register(consentGatePlugin);
  await app.register(languagePlugin);
  await app.register(safeTextPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { redis });
  await app.register(activeSessionRoutes);
  await app.register(usersRoutes);
  await app.register(therapistsRoutes);
  await app.register(therapistClientRoutes);
  await app.register(therapistProfileRoutes);
  await app.register(agreementsRoutes);
  await app.register(businessRoutes);
  await app.register(privacyRoutes);
  await app.register(dataExportRoutes);
  await app.register(erasureRoutes);
  await app.register(signupRoutes);
  await app.register(matchingRoutes);
  await app.register(dashboardRoutes);
  await app.register(scheduleRoutes);
  await app.register(bookingRoutes);
  await registerDevRoutes(app, mailboxRoutes);
  await app.register(passesRoutes);
  await app.register(purchasesRoutes);
  await app.register(paymentWebhookRoutes, { applyEvent: (event) => applyPaymentEvent(ctx, event) });
  await app.register(cardsRoutes);
  await app.register(promocodesRoutes);
  await app.register(checkoutRoutes);
  await app.register(sandboxCheckoutRoutes);
  await app.register(videoRoutes);
  await app.register(visitorsRoutes);
  await webRoutes(app);

  await app.ready();
  return app;
}
