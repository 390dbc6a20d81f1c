import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { clientProfiles } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

export type TClientProfileRow = typeof clientProfiles.$inferSelect;

/** The client's saved answers; a row is created on first read so every later write is an update. */
export async function loadClientProfile(db: TExecutor | TAppContext['db'], userId: number): Promise<TClientProfileRow> {
  await db.insert(clientProfiles).values({ userId }).onConflictDoNothing({ target: clientProfiles.userId });
  const [row] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  if (!row) throw new Error('client profile missing after insert');
  return row;
}
