import { inArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TSlotRow, users } from '../../db/schema/index.ts';

export type TSlotParticipant = {
  userId: number;
  uid: string;
  name: string;
  role: 'client' | 'therapist';
};

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The therapist first, then the client and the couple's partner, with their names. */
export async function participantsOf(ctx: TAppContext, slot: TSlotRow): Promise<TSlotParticipant[]> {
  const ids = [slot.therapistId, slot.clientId, ...(slot.partnerClientId ? [slot.partnerClientId] : [])];
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const role = id === slot.therapistId ? 'therapist' : 'client';
    return [{ userId: id, uid: ctx.hashids.encode('user', id), name: nameOf(row), role }];
  });
}
