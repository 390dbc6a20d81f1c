/**
 * Whether a session's call room is open: from `opens_at` until `closes_at`, the window the server opens the room in
 * (VIDEO_JOIN_EARLY_MINUTES before the start, VIDEO_GRACE_MINUTES after the end). The server sends both instants, so
 * every screen that offers to join (the call page, the therapist's sessions) reads the same window.
 */
export type TJoinWindow = 'before' | 'open' | 'closed';

export function joinWindowAt(window: { opens_at: string; closes_at: string }, now: number): TJoinWindow {
  if (now < Date.parse(window.opens_at)) return 'before';
  if (now >= Date.parse(window.closes_at)) return 'closed';
  return 'open';
}
