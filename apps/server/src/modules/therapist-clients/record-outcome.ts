import type { TSessionOutcome } from '@therapy/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { clientPasses, slots, type TSlotRow } from '../../db/schema/index.ts';
import { scheduleJob, type TExecutor } from '../../lib/jobs.ts';
import { returnSession } from '../booking/return-session.ts';
import { CLIENT_NO_SHOW, outcomeOf, THERAPIST_NO_SHOW } from './session-outcome.ts';

/** Takes a session from a pass again (an outcome corrected away from the therapist's no-show); false if none is left. */
async function spendSessionAgain(tx: TExecutor, clientPassId: number): Promise<boolean> {
  const spent = await tx
    .update(clientPasses)
    .set({
      sessionsLeft: sql`${clientPasses.sessionsLeft} - 1`,
      status: sql`case when ${clientPasses.sessionsLeft} = 1 and ${clientPasses.status} = 'active' then 'used_up'::client_pass_status else ${clientPasses.status} end`,
    })
    .where(and(eq(clientPasses.id, clientPassId), gt(clientPasses.sessionsLeft, 0)))
    .returning({ id: clientPasses.id });
  return spent.length > 0;
}

/**
 * Records how a session ended, inside the caller's transaction with the slot locked:
 * completed; the client's no-show (missed: the session stays spent, as a late
 * cancellation); the therapist's no-show (cancelled: the session goes back to the pass and
 * the client gets a mail). Moving between them keeps the pass right: into the therapist's
 * no-show gives the session back, out of it takes it again.
 */
export async function recordOutcome(
  tx: TExecutor,
  slot: TSlotRow,
  outcome: TSessionOutcome,
  now: Date,
): Promise<TSlotRow> {
  const before = outcomeOf(slot);
  if (before === outcome) return slot;
  const set =
    outcome === 'completed'
      ? { status: 'completed' as const, cancelReason: null, cancelledAt: null }
      : outcome === 'client_no_show'
        ? { status: 'missed' as const, cancelReason: CLIENT_NO_SHOW, cancelledAt: null }
        : { status: 'cancelled' as const, cancelReason: THERAPIST_NO_SHOW, cancelledAt: now };
  const [updated] = await tx.update(slots).set(set).where(eq(slots.id, slot.id)).returning();
  if (!updated) throw new Error(`slot ${slot.id} vanished while its outcome was recorded`);

  if (slot.clientPassId !== null) {
    if (outcome === 'therapist_no_show') {
      const returned = await returnSession(tx, slot.clientPassId);
      await scheduleJob(tx, {
        kind: 'email.therapist_no_show',
        dedupeKey: `therapist-no-show:${slot.id}`,
        payload: { slot_id: slot.id, session_returned: returned },
      });
    } else if (before === 'therapist_no_show') {
      await spendSessionAgain(tx, slot.clientPassId);
    }
  } else if (outcome === 'therapist_no_show') {
    await scheduleJob(tx, {
      kind: 'email.therapist_no_show',
      dedupeKey: `therapist-no-show:${slot.id}`,
      payload: { slot_id: slot.id, session_returned: false },
    });
  }
  return updated;
}
