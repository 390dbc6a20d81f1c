import { inArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TSlotRow, users } from '../../db/schema/index.ts';
import { ERASED_CLIENT_NAME } from '../../lib/person-name.ts';

/** The name others see in the call: never the e-mail; an erased client reads «Клиент удалил аккаунт». */
const nameOf = (u: { firstName: string; lastName: string; erasedAt: Date | null }) =>
  u.erasedAt ? ERASED_CLIENT_NAME : `${u.firstName} ${u.lastName}`.trim();

export type TSlotParticipant = {
  userId: number;
  uid: string;
  name: string;
  role: 'client' | 'therapist';
};

/** The therapist first, then the client and the couple's partner, with their names. */
export async function participantsOf(ctx: TAppContext, slot: TSlotRow): Promise<TSlotParticipant[]> {
  const ids = [slot.therapistId, slot.clientId, ...(slot.partnerClientId ? [slot.partnerClientId] : [])];
  const rows = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, erasedAt: users.erasedAt })
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
