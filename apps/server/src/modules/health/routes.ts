import { routes } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';

export async function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Liveness: 200 while the process answers. A database outage is reported but does not fail it,
  // so an orchestrator restarts a stuck process, never every node because PostgreSQL restarted.
  addRoute(app, routes.health, async () => {
    let databaseUp = true;
    try {
      await ctx.db.execute(sql`select 1`);
    } catch {
      databaseUp = false;
    }
    return {
      status: databaseUp ? ('ok' as const) : ('degraded' as const),
      database: { status: databaseUp ? ('ok' as const) : ('down' as const), driver: ctx.database.driver },
      uptime_s: Math.round(process.uptime()),
    };
  });

  // Readiness: a load balancer sends this node traffic only while every dependency answers.
  addRoute(app, routes.ready, async (_request, reply) => {
    const checks = await ctx.readiness.run();
    const ready = Object.values(checks).every((check) => check.status === 'ok');
    if (!ready) reply.code(503).header('cache-control', 'no-store');
    return { status: ready ? ('ready' as const) : ('not_ready' as const), checks };
  });
}
