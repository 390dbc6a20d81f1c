import type { TSessionOutcome, TTherapistSession } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow, videoConnectionReports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { notesKeyring } from '../../lib/notes-crypto.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import { openForm } from '../video/sealed-notes.ts';
import { presentTherapistSession } from './present-session.ts';
import { recordOutcome } from './record-outcome.ts';
import { correctableUntil, outcomeOf } from './session-outcome.ts';

/**
 * POST /api/v1/therapist/sessions/:id/outcome: the therapist corrects how their session
 * ended, within 48 h of its end. Only a session whose outcome was recorded can be corrected
 * (a future, cancelled or moved one is a conflict); someone else's session is 404.
 */
export async function correctSessionOutcome(
  ctx: TAppContext,
  therapist: TUserRow,
  slotHashid: string,
  outcome: TSessionOutcome,
  now = new Date(),
): Promise<TTherapistSession> {
  const slotId = ctx.hashids.decode('slot', slotHashid);
  if (slotId === null) throw new AppError('not_found', 'Сессия не найдена');
  const updated = await ctx.db.transaction(async (tx) => {
    const [slot] = await tx
      .select()
      .from(slots)
      .where(and(eq(slots.id, slotId), eq(slots.therapistId, therapist.id)))
      .for('update');
    if (!slot) throw new AppError('not_found', 'Сессия не найдена');
    if (outcomeOf(slot) === null) {
      throw new AppError('conflict', 'Итог этой сессии ещё не записан: исправить можно после её окончания');
    }
    if (correctableUntil(slot, now) === null) {
      throw new AppError('too_late', 'Исправить итог можно только в течение 48 часов после окончания сессии');
    }
    return recordOutcome(tx, slot, outcome, now);
  });
  const [form] = await ctx.db
    .select()
    .from(videoConnectionReports)
    .where(eq(videoConnectionReports.slotId, updated.id));
  const opened = form ? openForm(notesKeyring(ctx.config), form) : null;
  return presentTherapistSession(ctx, updated, opened, zoneOrDefault(therapist.tz), now);
}
