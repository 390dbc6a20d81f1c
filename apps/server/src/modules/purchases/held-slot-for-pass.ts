import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TPassRow, type TSlotRow, type TUserRow, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const NOT_HELD = 'Это время не удерживается за вами: выберите время заново';

/**
 * The slot the client holds for this checkout. Someone else's slot, a booked one or an
 * unknown id all get one 404; a lapsed hold gets 409; a pass of another tier or therapy type
 * than the session's is refused, since it could not pay for it.
 */
export async function findHeldSlotForPass(
  ctx: TAppContext,
  user: TUserRow,
  slotHashid: string,
  pass: TPassRow,
  now: Date,
): Promise<TSlotRow> {
  const slotId = ctx.hashids.decode('slot', slotHashid);
  const [row] =
    slotId === null
      ? []
      : await ctx.db
          .select({ slot: slots, tier: therapists.tier })
          .from(slots)
          .innerJoin(therapists, eq(therapists.userId, slots.therapistId))
          .where(and(eq(slots.id, slotId), eq(slots.clientId, user.id)));
  if (row?.slot.status !== 'held') throw new AppError('not_found', NOT_HELD, { slot_hashid: NOT_HELD });
  if (!row.slot.holdExpiresAt || row.slot.holdExpiresAt <= now) throw new AppError('hold_expired');
  if (row.tier !== pass.tier || row.slot.therapyType !== pass.therapyType) {
    const message =
      'Этот абонемент не подходит для выбранной сессии: нужен абонемент того же уровня психолога и вида терапии';
    throw new AppError('validation_failed', message, { slot_hashid: message });
  }
  return row.slot;
}
