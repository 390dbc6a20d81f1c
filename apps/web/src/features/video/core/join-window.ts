/** Whether the room is open now: the shared rule (lib/join-window.ts), used by the call page and the therapist's sessions. */
export { joinWindowAt, type TJoinWindow } from '../../../lib/join-window.ts';

/** Whole minutes left until `endsAt`, rounded up (59.5 s left is «1 минута»); never below zero. */
export function minutesLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));
}
