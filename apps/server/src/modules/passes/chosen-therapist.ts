import type { TPassTherapist } from '@therapy/contract';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, therapists, users } from '../../db/schema/index.ts';

/**
 * The therapist whose sessions the client is buying for: the one of a live hold (the checkout), else of the next
 * booked session, else of the latest session held. Null for a client who has not chosen one yet.
 */
export async function chosenTherapist(ctx: TAppContext, userId: number, now: Date): Promise<TPassTherapist | null> {
  const live = or(
    and(eq(slots.status, 'held'), gt(slots.holdExpiresAt, now)),
    and(eq(slots.status, 'booked'), gt(slots.startsAt, now)),
  );
  const [row] = await ctx.db
    .select({ therapist: users, tier: therapists.tier })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.therapistId))
    .innerJoin(therapists, eq(therapists.userId, slots.therapistId))
    .where(and(eq(slots.clientId, userId), or(live, eq(slots.status, 'completed'))))
    // A hold first, then the nearest session ahead, then the latest one held.
    .orderBy(
      sql`case when ${slots.status} = 'held' then 0 when ${slots.status} = 'booked' then 1 else 2 end`,
      sql`case when ${slots.status} = 'booked' then ${slots.startsAt} end asc`,
      desc(slots.startsAt),
    )
    .limit(1);
  if (!row) return null;
  return {
    id: ctx.hashids.encode('user', row.therapist.id),
    first_name: row.therapist.firstName,
    last_name: row.therapist.lastName,
    tier: row.tier,
  };
}
