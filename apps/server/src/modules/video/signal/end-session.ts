import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import { slots } from '../../../db/schema/index.ts';
import { sessionWasHeld } from '../video-participants.ts';

/** The therapist ends the session: a booked slot becomes completed. */
export async function completeSlot(ctx: TAppContext, slotId: number): Promise<void> {
  await ctx.db
    .update(slots)
    .set({ status: 'completed' })
    .where(and(eq(slots.id, slotId), eq(slots.status, 'booked')));
}

/**
 * The room's time ran out: the slot is completed only if the session took place (its
 * therapist and a client were both in the room); otherwise it stays booked for whoever
 * decides about missed sessions.
 */
export async function completeSlotIfHeld(ctx: TAppContext, slotId: number): Promise<boolean> {
  const [slot] = await ctx.db.select().from(slots).where(eq(slots.id, slotId));
  if (slot?.status !== 'booked' || !(await sessionWasHeld(ctx.db, slot))) return false;
  await completeSlot(ctx, slotId);
  return true;
}
