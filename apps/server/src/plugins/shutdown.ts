import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { errorBody } from '../lib/errors.ts';

/**
 * While the server closes, a request arriving on a connection that is still open (keep-alive)
 * is refused in our error shape with `Connection: close`, so the client retries elsewhere.
 * Fastify's own 503 (return503OnClosing) has another shape, so it is switched off in app.ts.
 */
export function registerClosingGuard(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks: they run on every request and never wait.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    // Answered here: a callback hook that sends does not call done.
    reply.code(503).header('connection', 'close').header('retry-after', '5').send(errorBody('unavailable'));
  });
  // A request in flight gets its answer and then its connection closes, instead of idling in
  // keep-alive for seconds while the shutdown waits for it.
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
}

export type TShutdownParts = {
  app: FastifyInstance;
  /** Background work that must stop after the requests (they may still schedule jobs) and before the database. */
  stopJobs: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  /** Timers of periodic work (session purge, reconciliation). */
  timers?: NodeJS.Timeout[];
  log: FastifyBaseLogger;
  exit: (code: number) => void;
  /** A shutdown still running after this long is cut short (the orchestrator's kill would come next). */
  graceMs?: number;
};

/**
 * SIGTERM: stop listening (new connections are refused, keep-alive requests get 503), tell
 * signaling sockets to reconnect (1012, elsewhere), let requests in flight finish, then stop
 * the jobs (running ones finish; a job cut short is retried by pg-boss) and close the database.
 * Runs once; a second signal during it changes nothing.
 */
export function createShutdown(parts: TShutdownParts): (signal: string) => Promise<void> {
  let running: Promise<void> | null = null;
  return (signal) => {
    running ??= (async () => {
      const { app, log } = parts;
      log.info({ signal }, 'shutting down: finishing requests in flight');
      const force = setTimeout(() => {
        log.error('shutdown took too long; exiting');
        parts.exit(1);
      }, parts.graceMs ?? 25_000);
      force.unref();
      for (const timer of parts.timers ?? []) clearInterval(timer);
      let code = 0;
      try {
        await app.close();
        await parts.stopJobs();
        await parts.closeDatabase();
        log.info('shut down');
      } catch (err) {
        log.error({ err }, 'shutdown failed');
        code = 1;
      }
      clearTimeout(force);
      parts.exit(code);
    })();
    return running;
  };
}
