import { and, eq, or, type SQL } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

const NOT_FOUND = 'Сессия не найдена';

/** Slots the user takes part in: a therapist's own, a client's as the client or the couple's partner. */
export function participantFilter(user: Pick<TUserRow, 'id' | 'role'>): SQL {
  if (user.role === 'therapist') return eq(slots.therapistId, user.id);
  if (user.role === 'client') return or(eq(slots.clientId, user.id), eq(slots.partnerClientId, user.id)) as SQL;
  return eq(slots.id, -1);
}

/** The session behind a hashid if the user takes part in it; anyone else's answers like a missing one (404). */
export async function loadParticipantSlot(
  ctx: TAppContext,
  user: Pick<TUserRow, 'id' | 'role'>,
  slotHashid: string,
): Promise<TSlotRow> {
  const id = ctx.hashids.decode('slot', slotHashid);
  if (id === null) throw new AppError('not_found', NOT_FOUND);
  const [slot] = await ctx.db
    .select()
    .from(slots)
    .where(and(eq(slots.id, id), participantFilter(user)));
  if (!slot) throw new AppError('not_found', NOT_FOUND);
  return slot;
}

/** Whether a user takes part in a slot in the given role. */
export function takesPart(
  slot: Pick<TSlotRow, 'therapistId' | 'clientId' | 'partnerClientId'>,
  userId: number,
  role: 'client' | 'therapist',
): boolean {
  if (role === 'therapist') return slot.therapistId === userId;
  return slot.clientId === userId || slot.partnerClientId === userId;
}
