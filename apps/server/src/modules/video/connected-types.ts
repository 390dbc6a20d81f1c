import {
  type TConnectedTypesAnswer,
  type TConnectedTypesRequest,
  type TConnectedTypesResponse,
  VIDEO_CONNECTED_TYPES,
} from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, videoConnectionReports } from '../../db/schema/index.ts';
import { loadParticipantSlot } from './load-participant-slot.ts';

type TReportRow = typeof videoConnectionReports.$inferSelect;

const present = (slotHashid: string, row: TReportRow): TConnectedTypesAnswer => ({
  slot_hashid: slotHashid,
  types: row.types,
  comment: row.comment,
  updated_at: row.updatedAt.toISOString(),
});

/** GET /api/v1/therapist/slot/user_connected_types: the form's options, and the answer for a session of theirs. */
export async function getConnectedTypes(
  ctx: TAppContext,
  therapist: TUserRow,
  slotHashid: string | undefined,
): Promise<TConnectedTypesResponse> {
  const options = VIDEO_CONNECTED_TYPES.map(({ key, label }) => ({ key, label }));
  if (slotHashid === undefined) return { options, answer: null };
  const slot = await loadParticipantSlot(ctx, therapist, slotHashid);
  const [row] = await ctx.db.select().from(videoConnectionReports).where(eq(videoConnectionReports.slotId, slot.id));
  return { options, answer: row ? present(slotHashid, row) : null };
}

/** POST /api/v1/therapist/slot/user_connected_types: how the client connected; a second answer replaces the first. */
export async function saveConnectedTypes(
  ctx: TAppContext,
  therapist: TUserRow,
  body: TConnectedTypesRequest,
  now = new Date(),
): Promise<TConnectedTypesAnswer> {
  const slot = await loadParticipantSlot(ctx, therapist, body.slot_hashid);
  const types = [...new Set(body.types)];
  const comment = body.comment?.trim() || null;
  const [row] = await ctx.db
    .insert(videoConnectionReports)
    .values({ slotId: slot.id, therapistId: therapist.id, types, comment })
    .onConflictDoUpdate({ target: videoConnectionReports.slotId, set: { types, comment, updatedAt: now } })
    .returning();
  if (!row) throw new Error('connection report not stored');
  return present(body.slot_hashid, row);
}
