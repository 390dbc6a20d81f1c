import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow } from '../../db/schema/index.ts';

/** Booked sessions whose room has not closed yet (end plus the grace period still ahead). */
function stillOpen(ctx: TAppContext, now: Date): SQL {
  const grace = ctx.config.VIDEO_GRACE_MINUTES;
  return and(
    eq(slots.status, 'booked'),
    sql`${slots.startsAt} + (${slots.durationMin} + ${grace}::int) * interval '1 minute' > ${now.toISOString()}::timestamptz`,
  ) as SQL;
}

async function firstOf(ctx: TAppContext, where: SQL): Promise<TSlotRow | null> {
  const [slot] = await ctx.db.select().from(slots).where(where).orderBy(asc(slots.startsAt)).limit(1);
  return slot ?? null;
}

/** The client's current or next session, as its client or as the partner in a couple. */
export function findClientVideoSlot(ctx: TAppContext, clientId: number, now: Date): Promise<TSlotRow | null> {
  return firstOf(
    ctx,
    and(stillOpen(ctx, now), or(eq(slots.clientId, clientId), eq(slots.partnerClientId, clientId))) as SQL,
  );
}

/** The therapist's current or next session with this client (or couple member). */
export function findTherapistVideoSlot(
  ctx: TAppContext,
  therapistId: number,
  clientId: number,
  now: Date,
): Promise<TSlotRow | null> {
  return firstOf(
    ctx,
    and(
      stillOpen(ctx, now),
      eq(slots.therapistId, therapistId),
      or(eq(slots.clientId, clientId), eq(slots.partnerClientId, clientId)),
    ) as SQL,
  );
}

/** Whether the client ever had a session with this therapist (their client, in any state). */
export async function isClientOf(ctx: TAppContext, therapistId: number, clientId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: slots.id })
    .from(slots)
    .where(
      and(eq(slots.therapistId, therapistId), or(eq(slots.clientId, clientId), eq(slots.partnerClientId, clientId))),
    )
    .limit(1);
  return Boolean(row);
}
