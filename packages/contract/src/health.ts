import { z } from 'zod';

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ status: z.enum(['ok', 'down']), driver: z.enum(['pglite', 'postgres']) }),
  uptime_s: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;
