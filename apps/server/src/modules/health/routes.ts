import { routes } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';

export async function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.health, async (_request, reply) => {
    let databaseUp = true;
    try {
      await ctx.db.execute(sql`select 1`);
    } catch {
      databaseUp = false;
    }
    if (!databaseUp) reply.code(503);
    return {
      status: databaseUp ? ('ok' as const) : ('degraded' as const),
      database: { status: databaseUp ? ('ok' as const) : ('down' as const), driver: ctx.database.driver },
      uptime_s: Math.round(process.uptime()),
    };
  });
}
