import { and, eq, lt, sql } from 'drizzle-orm';
import { clientPasses } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

/** Gives one session back to a pass (a used-up pass becomes active again); false if it was full already. */
export async function returnSession(db: TExecutor, clientPassId: number): Promise<boolean> {
  const returned = await db
    .update(clientPasses)
    .set({
      sessionsLeft: sql`${clientPasses.sessionsLeft} + 1`,
      status: sql`case when ${clientPasses.status} = 'used_up' then 'active'::client_pass_status else ${clientPasses.status} end`,
    })
    .where(and(eq(clientPasses.id, clientPassId), lt(clientPasses.sessionsLeft, clientPasses.sessionsTotal)))
    .returning({ id: clientPasses.id });
  return returned.length > 0;
}
