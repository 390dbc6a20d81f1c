/**
 * The post-session rating popup (spec §4, §6): shown when a session ends, unless the video data carries
 * `feedbackFreshSlotHashid` (already rated); the slot rated is the ended slot given, else the current video slot;
 * therapists rate through their endpoint, everyone else through the user one.
 */
import type { TRole, TVideoData } from '@therapy/contract';
import type { TEndReason } from './types.ts';

export const USER_RATING_PATH = '/api/v1/user/slot/video_quality';
export const THERAPIST_RATING_PATH = '/api/v1/therapist/slot/video_quality';

/** Ends of the session itself; leaving, a replaced tab or a refusal are not. */
export function isSessionEnd(reason: TEndReason | null | undefined): boolean {
  return reason === 'therapist_ended' || reason === 'time_up';
}

export function shouldShowRatingPopup(videoData: Pick<TVideoData, 'feedbackFreshSlotHashid'> | null): boolean {
  return !videoData?.feedbackFreshSlotHashid;
}

export function completedSlotId(
  endedSlotHashid: string | null | undefined,
  videoData: Pick<TVideoData, 'id'> | null,
): string | null {
  return endedSlotHashid || videoData?.id || null;
}

export function ratingPathFor(role: TRole | null | undefined): string {
  return role === 'therapist' ? THERAPIST_RATING_PATH : USER_RATING_PATH;
}
