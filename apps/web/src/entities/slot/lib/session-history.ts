import type { TClientSlotsResponse } from '@therapy/contract';

/**
 * Whether the client has had a session (held, missed or spent by a late cancel) or has one booked: then the next
 * one they pay for is not their first, and no screen may call it so.
 */
export function hasHadSessions(slots: TClientSlotsResponse): boolean {
  return (
    slots.past.some(
      (slot) => slot.status === 'completed' || slot.status === 'missed' || slot.status === 'late_cancelled',
    ) || slots.upcoming.some((slot) => slot.status === 'booked')
  );
}
