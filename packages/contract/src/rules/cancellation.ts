/** A booked session can be cancelled or moved free of charge until this many hours before it starts. */
export const FREE_CANCEL_HOURS = 24;

const FREE_CANCEL_MS = FREE_CANCEL_HOURS * 3_600_000;

/** The moment free cancelling and moving end: FREE_CANCEL_HOURS before the start. */
export function freeCancelUntil(startsAt: Date | string | number): Date {
  return new Date(new Date(startsAt).getTime() - FREE_CANCEL_MS);
}

/** Whether cancelling or moving the session now is still free: strictly before `freeCancelUntil`. */
export function isFreeCancellation(startsAt: Date | string | number, now: Date | number = Date.now()): boolean {
  return new Date(now).getTime() < freeCancelUntil(startsAt).getTime();
}
