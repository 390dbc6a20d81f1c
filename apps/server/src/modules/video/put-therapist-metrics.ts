import type { TCallMetricsRequest, TVideoStoredResponse } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { loadParticipantSlot } from './load-participant-slot.ts';
import { peerUserIdOf, saveCallMetrics } from './save-call-metrics.ts';

/** PUT /api/v1/therapist/slot/metrics: the therapist's call quality summary for their session. */
export async function putTherapistMetrics(
  ctx: TAppContext,
  therapist: TUserRow,
  body: TCallMetricsRequest,
  now = new Date(),
): Promise<TVideoStoredResponse> {
  const slot = await loadParticipantSlot(ctx, therapist, body.slot_hashid);
  const { slot_hashid: _slot, peer_uid, ...quality } = body;
  const peerUserId = peerUserIdOf(ctx, slot, therapist.id, peer_uid);
  await saveCallMetrics(ctx.db, { slotId: slot.id, userId: therapist.id, peerUserId, quality, now });
  return { success: true, stored: 1 };
}
