import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { TDatabase } from '../db/client.ts';
import { errorBody } from '../lib/errors.ts';
import { jobStats, type TJobStats } from '../lib/jobs.ts';
import { createMetricsRegistry, parseAddressList } from '../lib/metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * Prometheus metrics at /metrics: requests and their latency per route pattern (never the raw
 * URL, whose ids would make a series per object), the PostgreSQL pool, the job queue, and
 * whatever modules add to `app.metrics` (the signaling rooms). Answered only to the addresses
 * METRICS_ALLOW names (request.ip: behind a proxy named in TRUST_PROXY, the client it names).
 */
export async function registerMetrics(
  app: FastifyInstance,
  o: { database: TDatabase; allow: string; processMetrics: boolean },
) {
  const allowed = parseAddressList(o.allow);
  if ('error' in allowed) throw new Error(`METRICS_ALLOW: ${allowed.error}`);
  const registry = createMetricsRegistry({ processMetrics: o.processMetrics });
  app.decorate('metrics', registry);

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // A callback hook: it runs on every answer and never waits.
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched requests (404s, scanners) share one label instead of one series per URL.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const { database } = o;
  if (database.poolStats) {
    const poolStats = database.poolStats;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  // One look at the queue per scrape, shared by its gauges.
  let jobs: { at: number; stats: Promise<TJobStats[] | null> } | null = null;
  const currentJobStats = () => {
    if (!jobs || Date.now() - jobs.at > 1000) {
      // No job queue open in this process (a bench, a test that does not need one): no job series.
      jobs = { at: Date.now(), stats: jobStats().catch(() => null) };
    }
    return jobs.stats;
  };
  const jobGauge = (name: string, help: string, pick: (s: TJobStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      async collect() {
        const stats = await currentJobStats();
        this.reset();
        for (const s of stats ?? []) this.set({ kind: s.kind }, pick(s));
      },
    });
  jobGauge('jobs_queued', 'Jobs waiting, due now or later (retries included)', (s) => s.queued);
  jobGauge('jobs_ready', 'Jobs due now and not yet taken', (s) => s.ready);
  jobGauge('jobs_active', 'Jobs running', (s) => s.active);
  jobGauge('jobs_failed', 'Jobs that used up their retries (kept a week)', (s) => s.failed);
  jobGauge('jobs_failed_runs', 'Failed job runs in this process since it started, retried or not', (s) => s.failedRuns);

  app.get(METRICS_PATH, { schema: { hide: true }, config: { roles: 'public' } }, async (request, reply) => {
    if (!allowed.allows(request.ip)) {
      return reply.code(403).send(errorBody('forbidden', 'Метрики доступны только с разрешённых адресов'));
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
