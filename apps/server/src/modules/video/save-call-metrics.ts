import type { TCallQuality } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TSlotRow } from '../../db/schema/index.ts';
import { videoCallMetrics } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';

/** The user id behind `peer_uid`: another participant of the same session, else a 422 on that field. */
export function peerUserIdOf(ctx: TAppContext, slot: TSlotRow, reporterId: number, peerUid: string | undefined) {
  if (peerUid === undefined) return null;
  const id = ctx.hashids.decode('user', peerUid);
  const participants = [slot.therapistId, slot.clientId, slot.partnerClientId];
  if (id === null || id === reporterId || !participants.includes(id)) {
    throw new AppError('validation_failed', undefined, { peer_uid: 'Нет такого участника сессии' });
  }
  return id;
}

/**
 * Stores one participant's call quality summary for a session (about one remote participant
 * or, without one, the whole call). A later summary replaces the earlier one: figures
 * missing from it become unknown rather than keeping stale values.
 */
export async function saveCallMetrics(
  db: TExecutor,
  o: { slotId: number; userId: number; peerUserId: number | null; quality: TCallQuality; now: Date },
) {
  const q = o.quality;
  const figures = {
    rttMs: q.rtt_ms ?? null,
    packetLossPct: q.packet_loss_pct ?? null,
    jitterMs: q.jitter_ms ?? null,
    bitrateInKbps: q.bitrate_in_kbps ?? null,
    bitrateOutKbps: q.bitrate_out_kbps ?? null,
    frameWidth: q.frame_width ?? null,
    frameHeight: q.frame_height ?? null,
    framesPerSecond: q.frames_per_second ?? null,
    durationSec: q.duration_sec ?? null,
    relayed: q.relayed ?? null,
    updatedAt: o.now,
  };
  await db
    .insert(videoCallMetrics)
    .values({ slotId: o.slotId, userId: o.userId, peerUserId: o.peerUserId, ...figures })
    .onConflictDoUpdate({
      target: [videoCallMetrics.slotId, videoCallMetrics.userId, videoCallMetrics.peerUserId],
      set: figures,
    });
}
