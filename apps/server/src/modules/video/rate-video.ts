import type { TVideoQualityRequest, TVideoQualityResponse } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, videoRatings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadParticipantSlot } from './load-participant-slot.ts';

/**
 * POST /api/v1/{user,therapist}/slot/video_quality: a participant rates a session that has
 * begun or was completed. One rating per person and session: rating again replaces the first (a retried or
 * corrected submit is not an error), so the stored row is always the latest answer.
 */
export async function rateVideo(
  ctx: TAppContext,
  user: TUserRow,
  body: TVideoQualityRequest,
  now = new Date(),
): Promise<TVideoQualityResponse> {
  const slot = await loadParticipantSlot(ctx, user, body.slot_hashid);
  // A completed session counts however early it was ended (the room opens before the start).
  const held = slot.status === 'completed' || (slot.status === 'booked' && slot.startsAt <= now);
  if (!held) {
    throw new AppError('conflict', 'Оценить можно только состоявшуюся сессию');
  }
  const comment = body.comment?.trim() || null;
  await ctx.db
    .insert(videoRatings)
    .values({ slotId: slot.id, userId: user.id, rating: body.rating, comment })
    .onConflictDoUpdate({
      target: [videoRatings.slotId, videoRatings.userId],
      set: { rating: body.rating, comment, updatedAt: now },
    });
  return { success: true, slot_hashid: body.slot_hashid, rating: body.rating, comment };
}
