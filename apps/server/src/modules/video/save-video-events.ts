import type { TCallLogRequest, TSlotAnalyticsRequest, TVideoStoredResponse } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, videoEvents } from '../../db/schema/index.ts';
import { notesKeyring } from '../../lib/notes-crypto.ts';
import { loadParticipantSlot } from './load-participant-slot.ts';
import { saveCallMetrics } from './save-call-metrics.ts';
import { sealEventMessage } from './sealed-notes.ts';
import { recordDeviceCheck } from './video-participants.ts';

type TSource = 'client_log' | 'therapist_analytics';

/**
 * POST /api/v1/user/slot/log and POST /api/v1/therapist/slot/analytics: events of a session
 * the caller takes part in, stored in one transaction with the device check (which sets the
 * video data's device flag) and, from the client, a call quality summary.
 */
export async function saveVideoEvents(
  ctx: TAppContext,
  user: TUserRow,
  source: TSource,
  body: TCallLogRequest | TSlotAnalyticsRequest,
  now = new Date(),
): Promise<TVideoStoredResponse> {
  const slot = await loadParticipantSlot(ctx, user, body.slot_hashid);
  // A therapist's texts (notes above all) are stored sealed; a client's call log holds none.
  const keyring = notesKeyring(ctx.config);
  const messageOf = (message: string | undefined) => {
    if (message === undefined) return null;
    return source === 'therapist_analytics' ? sealEventMessage(keyring, slot.id, user.id, message) : message;
  };
  const rows = (body.events ?? []).map((event) => ({
    slotId: slot.id,
    userId: user.id,
    source,
    type: event.type,
    level: event.level ?? 'info',
    message: messageOf(event.message),
    data: event.data ?? null,
    occurredAt: event.at ? new Date(event.at) : now,
  }));
  const check = body.device_check;
  if (check) {
    const { success, ...devices } = check;
    rows.push({
      slotId: slot.id,
      userId: user.id,
      source,
      type: 'device_check',
      level: success ? 'info' : 'warn',
      message: null,
      data: { success, ...devices },
      occurredAt: now,
    });
  }
  const metrics = 'metrics' in body ? body.metrics : undefined;
  await ctx.db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(videoEvents).values(rows);
    if (check) await recordDeviceCheck(tx, slot.id, user.id, check.success, now);
    if (metrics)
      await saveCallMetrics(tx, { slotId: slot.id, userId: user.id, peerUserId: null, quality: metrics, now });
  });
  return { success: true, stored: rows.length + (metrics ? 1 : 0) };
}
