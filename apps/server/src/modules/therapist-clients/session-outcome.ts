import { SESSION_OUTCOME_CORRECTION_HOURS, type TSessionOutcome, type TSlotStatus } from '@therapy/contract';

const HOUR = 3_600_000;

/** The cancel_reason of a session the therapist missed: the client's session went back to their pass. */
export const THERAPIST_NO_SHOW = 'therapist_no_show';
/** The cancel_reason of a session the client missed: spent, as a late cancellation is. */
export const CLIENT_NO_SHOW = 'client_no_show';

/** How a session ended, read from its status: completed, missed (the client), cancelled for the therapist's absence. */
export function outcomeOf(slot: { status: TSlotStatus; cancelReason: string | null }): TSessionOutcome | null {
  if (slot.status === 'completed') return 'completed';
  if (slot.status === 'missed') return 'client_no_show';
  if (slot.status === 'cancelled' && slot.cancelReason === THERAPIST_NO_SHOW) return 'therapist_no_show';
  return null;
}

export const endOf = (slot: { startsAt: Date; durationMin: number }): Date =>
  new Date(slot.startsAt.getTime() + slot.durationMin * 60_000);

/** The therapist may correct a recorded outcome until 48 h after the session's end. */
export function correctableUntil(
  slot: { status: TSlotStatus; cancelReason: string | null; startsAt: Date; durationMin: number },
  now: Date,
): Date | null {
  if (outcomeOf(slot) === null) return null;
  const until = new Date(endOf(slot).getTime() + SESSION_OUTCOME_CORRECTION_HOURS * HOUR);
  return until > now ? until : null;
}
