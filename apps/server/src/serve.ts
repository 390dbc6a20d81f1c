import { buildApp } from './app.ts';
import type { TConfig } from './config.ts';
import { analyzeTables } from './db/analyze-tables.ts';
import type { TDatabase } from './db/client.ts';
import { closeJobs, openJobs, startJobs } from './lib/jobs.ts';
import { notesKeyring } from './lib/notes-crypto.ts';
import { pruneReadChanges } from './lib/read-cache.ts';
import { purgeExpiredSessions } from './modules/auth/sessions.ts';
import { bookingJobHandlers } from './modules/booking/job-handlers.ts';
import { businessJobHandlers } from './modules/business/job-handlers.ts';
import { purgeExpiredReports } from './modules/business/purge-expired-reports.ts';
import { rebuildAllBusinessUsage } from './modules/business/rebuild-usage.ts';
import { dataExportJobHandlers } from './modules/data-export/job-handlers.ts';
import { notificationJobHandlers } from './modules/notifications/job-handlers.ts';
import { purchaseJobHandlers } from './modules/purchases/job-handlers.ts';
import { reconcilePendingPurchases } from './modules/purchases/reconcile-purchases.ts';
import { scheduleNextSweep, therapistClientJobHandlers } from './modules/therapist-clients/job-handlers.ts';
import { sealPlaintextNotes } from './modules/video/sealed-notes.ts';
import { createShutdown } from './plugins/shutdown.ts';

/**
 * The server on an open, migrated database (main.ts): notes sealed, the app built, the job queue opened, listening,
 * then the housekeeping. main.ts loads this file while the database opens, so the two go on together.
 */
export async function serve(config: TConfig, database: TDatabase): Promise<void> {
  // Notes stored in clear before encryption (and the demo's) are sealed before anyone reads them.
  await database.exclusively('seal-notes', () => sealPlaintextNotes(database.db, notesKeyring(config)));

  const app = await buildApp({ config, database });

  // The job queue is open before the first request, since a request may schedule a job; its workers start once the
  // server listens, with the rest of the housekeeping: none of it is needed to answer.
  await openJobs(database, { log: app.log });

  // Sessions past their limits are refused on sight; this only keeps the table small.
  const purge = () => {
    purgeExpiredSessions(app.ctx).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
    pruneReadChanges(app.ctx.database).catch((err: unknown) => app.log.warn({ err }, 'read-change prune failed'));
  };
  const purgeTimer = setInterval(purge, 60 * 60_000);
  purgeTimer.unref();

  // A safety net beside the per-purchase reconcile jobs: pending purchases nobody asked about.
  const reconcileTimer = setInterval(
    () =>
      reconcilePendingPurchases(app.ctx, app.payments).catch((err: unknown) =>
        app.log.warn({ err }, 'reconcile failed'),
      ),
    10 * 60_000,
  );
  reconcileTimer.unref();

  // Employers' statistics: usage rebuilt from the sessions at start and every hour (one node at a time), and
  // reports past their 7 days deleted with their files.
  const refreshBusinesses = () =>
    database
      .exclusively('business-usage', async () => {
        await rebuildAllBusinessUsage(app.ctx.db);
        await purgeExpiredReports(app.ctx);
      })
      .catch((err: unknown) => app.log.warn({ err }, 'business usage refresh failed'));
  const businessTimer = setInterval(refreshBusinesses, 60 * 60_000);
  businessTimer.unref();

  // Embedded PGlite has no autovacuum: the planner's statistics are refreshed here, a table at a time between
  // requests, so plans follow the tables as they grow. A PostgreSQL server does this by itself.
  const analyze = () =>
    analyzeTables(database.db, { oneAtATime: true }).catch((err: unknown) =>
      app.log.warn({ err }, 'statistics refresh failed'),
    );
  const analyzeTimer = database.driver === 'pglite' ? setInterval(analyze, 60 * 60_000) : null;
  analyzeTimer?.unref();

  // Durable jobs (pg-boss): mail, reminders, lapsed holds, payment reconciliation; worked once the server listens.
  let jobs: { stop(): Promise<void> } | null = null;

  const shutdown = createShutdown({
    app,
    stopJobs: () => (jobs ? jobs.stop() : closeJobs()),
    closeDatabase: () => database.close(),
    timers: [purgeTimer, reconcileTimer, businessTimer, ...(analyzeTimer ? [analyzeTimer] : [])],
    log: app.log,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });

  await purge();
  jobs = await startJobs(
    database,
    {
      ...notificationJobHandlers(app.ctx),
      ...bookingJobHandlers(app.ctx),
      ...purchaseJobHandlers(app.ctx, app.payments),
      ...therapistClientJobHandlers(app.ctx),
      ...businessJobHandlers(app.ctx),
      ...dataExportJobHandlers(app.ctx),
    },
    app.log,
  );
  // The session-end sweep chains itself; this starts (or resumes) the chain.
  await scheduleNextSweep(app.ctx.db);
  void refreshBusinesses();
}
