import { and, eq, inArray } from 'drizzle-orm';
import { slots } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import type { TTherapistWithUser } from './find-therapist.ts';

/**
 * A therapist who stopped accepting clients keeps their own: clients with a booked or
 * completed session may still book and move sessions; new clients see no free time.
 */
export async function mayBookTherapist(db: TExecutor, found: TTherapistWithUser, clientId: number): Promise<boolean> {
  if (found.therapist.acceptingClients) return true;
  const [own] = await db
    .select({ id: slots.id })
    .from(slots)
    .where(
      and(
        eq(slots.therapistId, found.user.id),
        eq(slots.clientId, clientId),
        inArray(slots.status, ['booked', 'completed']),
      ),
    )
    .limit(1);
  return own !== undefined;
}
