import { and, eq, gt, sql } from 'drizzle-orm';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { scheduleJob, type TExecutor } from '../../lib/jobs.ts';
import { scheduleReminders } from './reminders.ts';

export type TBookHeldSlotResult = { booked: true } | { booked: false; reason: 'not_held' | 'no_sessions_left' };

/** Jobs that follow a booking: the confirmation now and reminders 24 h and 1 h before. */
export async function scheduleBookingNotifications(db: TExecutor, slot: { id: number; startsAt: Date }) {
  await scheduleJob(db, {
    kind: 'email.booking_confirmed',
    dedupeKey: `booking-confirmed:${slot.id}`,
    payload: { slot_id: slot.id },
  });
  await scheduleReminders(db, slot);
}

/**
 * Turns the client's held slot into a booked session paid from one session of the pass.
 * Run it inside the transaction that owns the change (a payment completing, a client
 * confirming): either the slot is booked and the pass spent, or neither.
 * A hold that has lapsed still books when its row is held and nobody took the time: the
 * row keeps the time, and the exclusion constraint guarantees no one else has it.
 */
export async function bookHeldSlot(
  tx: TExecutor,
  input: { slotId: number; clientId: number; clientPassId: number },
): Promise<TBookHeldSlotResult> {
  const [slot] = await tx
    .select()
    .from(slots)
    .where(and(eq(slots.id, input.slotId), eq(slots.clientId, input.clientId), eq(slots.status, 'held')))
    .for('update');
  if (!slot) return { booked: false, reason: 'not_held' };

  const [spent] = await tx
    .update(clientPasses)
    .set({ sessionsLeft: sql`${clientPasses.sessionsLeft} - 1` })
    .where(
      and(
        eq(clientPasses.id, input.clientPassId),
        eq(clientPasses.userId, input.clientId),
        eq(clientPasses.status, 'active'),
        gt(clientPasses.sessionsLeft, 0),
      ),
    )
    .returning({ sessionsLeft: clientPasses.sessionsLeft });
  if (!spent) return { booked: false, reason: 'no_sessions_left' };
  if (spent.sessionsLeft === 0) {
    await tx.update(clientPasses).set({ status: 'used_up' }).where(eq(clientPasses.id, input.clientPassId));
  }

  await tx
    .update(slots)
    .set({ status: 'booked', holdExpiresAt: null, clientPassId: input.clientPassId })
    .where(eq(slots.id, slot.id));
  await scheduleBookingNotifications(tx, slot);
  return { booked: true };
}
