/** Whether the room is open now: before `opens_at` the page says when to come back, after `closes_at` it is over. */
import type { TVideoData } from '@therapy/contract';

export type TJoinWindow = 'before' | 'open' | 'closed';

export function joinWindowAt(videoData: Pick<TVideoData, 'opens_at' | 'closes_at'>, now: number): TJoinWindow {
  if (now < Date.parse(videoData.opens_at)) return 'before';
  if (now >= Date.parse(videoData.closes_at)) return 'closed';
  return 'open';
}

/** Whole minutes left until `endsAt`, rounded up (59.5 s left is «1 минута»); never below zero. */
export function minutesLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));
}
