import { z } from 'zod';

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['ok', 'down']), driver: z.enum(['pglite', 'postgres']) }),
  uptime_s: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;

/** One dependency's readiness: `failed` names why (a timeout, a refused connection). */
export const ZReadinessCheckSchema = z.object({ status: z.enum(['ok', 'failed']), error: z.string().optional() });

/** GET /readyz: whether this node can serve traffic now; 503 with the same body when a dependency failed. */
export const ZReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** `database` always; `redis` when the server uses Redis. */
  checks: z.record(z.string(), ZReadinessCheckSchema),
});
export type TReadiness = z.infer<typeof ZReadinessSchema>;
