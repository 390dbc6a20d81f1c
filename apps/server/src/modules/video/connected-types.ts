import {
  type TConnectedTypesAnswer,
  type TConnectedTypesRequest,
  type TConnectedTypesResponse,
  VIDEO_CONNECTED_TYPES,
} from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, videoConnectionReports } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { notesKeyring } from '../../lib/notes-crypto.ts';
import { loadParticipantSlot } from './load-participant-slot.ts';
import { openForm, sealForm } from './sealed-notes.ts';

type TReportRow = typeof videoConnectionReports.$inferSelect;

/** The answer as its therapist reads it: the sealed form opened. */
function present(ctx: TAppContext, slotHashid: string, row: TReportRow): TConnectedTypesAnswer {
  const form = openForm(notesKeyring(ctx.config), row);
  return {
    slot_hashid: slotHashid,
    types: form?.types ?? [],
    comment: form?.comment ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /api/v1/therapist/slot/user_connected_types: the form's options, and the answer for a session of theirs. */
export async function getConnectedTypes(
  ctx: TAppContext,
  therapist: TUserRow,
  slotHashid: string | undefined,
  origin: TAuditOrigin,
): Promise<TConnectedTypesResponse> {
  const options = VIDEO_CONNECTED_TYPES.map(({ key, label }) => ({ key, label }));
  if (slotHashid === undefined) return { options, answer: null };
  const slot = await loadParticipantSlot(ctx, therapist, slotHashid);
  const [row] = await ctx.db.select().from(videoConnectionReports).where(eq(videoConnectionReports.slotId, slot.id));
  // The answer is the therapist's record of a client's session: opening it is a read of that client's data.
  if (row) {
    const clients = [slot.clientId, slot.partnerClientId].filter((id): id is number => id !== null);
    await appendAudit(
      ctx.db,
      origin,
      clients.map((subjectId) => ({ action: 'client_session_form', subjectId, details: { slot: slot.id } })),
    );
  }
  return { options, answer: row ? present(ctx, slotHashid, row) : null };
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
  // Stored encrypted under a data key of its own; the clear columns stay empty.
  const sealedForm = sealForm(notesKeyring(ctx.config), slot.id, { types, comment });
  const [row] = await ctx.db
    .insert(videoConnectionReports)
    .values({ slotId: slot.id, therapistId: therapist.id, sealedForm })
    .onConflictDoUpdate({
      target: videoConnectionReports.slotId,
      set: { sealedForm, types: null, comment: null, updatedAt: now },
    })
    .returning();
  if (!row) throw new Error('connection report not stored');
  return present(ctx, body.slot_hashid, row);
}
