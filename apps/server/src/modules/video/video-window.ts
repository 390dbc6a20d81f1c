import type { TConfig } from '../../config.ts';
import type { TSlotRow } from '../../db/schema/index.ts';

const MINUTE = 60_000;

export type TVideoWindow = { startsAt: Date; endsAt: Date; opensAt: Date; closesAt: Date };

/**
 * When a session's room is open: VIDEO_JOIN_EARLY_MINUTES before the start until
 * VIDEO_GRACE_MINUTES after the end. Outside it a join token does not open the room.
 */
export function videoWindowOf(
  slot: Pick<TSlotRow, 'startsAt' | 'durationMin'>,
  config: Pick<TConfig, 'VIDEO_JOIN_EARLY_MINUTES' | 'VIDEO_GRACE_MINUTES'>,
): TVideoWindow {
  const startsAt = slot.startsAt;
  const endsAt = new Date(startsAt.getTime() + slot.durationMin * MINUTE);
  return {
    startsAt,
    endsAt,
    opensAt: new Date(startsAt.getTime() - config.VIDEO_JOIN_EARLY_MINUTES * MINUTE),
    closesAt: new Date(endsAt.getTime() + config.VIDEO_GRACE_MINUTES * MINUTE),
  };
}

export type TWindowPosition = 'too_early' | 'open' | 'too_late';

export function windowPosition(window: TVideoWindow, now: Date): TWindowPosition {
  if (now < window.opensAt) return 'too_early';
  if (now >= window.closesAt) return 'too_late';
  return 'open';
}

/** The room of a session and the stable peer id of each participant in it. */
export const roomOf = (slotHashid: string): string => `slot-${slotHashid}`;
export const peerIdOf = (role: 'client' | 'therapist', uid: string): string => `${role}-${uid}`;
