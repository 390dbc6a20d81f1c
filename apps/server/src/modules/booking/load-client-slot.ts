import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAppContext } from '../../context.ts';
import { slots, type TSlotRow, therapists, users, videoRatings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';

const therapistUser = alias(users, 'therapist_user');

export type TSlotWithTherapist = {
  slot: TSlotRow;
  therapist: { id: number; firstName: string; lastName: string; tz: string; avatarThumb: string | null };
  /** Whether the slot's client has rated the session (spec §3 "Video rating"). */
  rated: boolean;
};

/** Slots with the therapist's name and picture, for what the client sees. */
export function selectSlotsWithTherapist(db: TExecutor, where: SQL | undefined) {
  return db
    .select({
      slot: slots,
      therapist: {
        id: therapistUser.id,
        firstName: therapistUser.firstName,
        lastName: therapistUser.lastName,
        tz: therapistUser.tz,
        avatarThumb: therapists.avatarThumb,
      },
      rated: sql<boolean>`exists (select 1 from ${videoRatings} where ${videoRatings.slotId} = ${slots.id} and ${videoRatings.userId} = ${slots.clientId})`,
    })
    .from(slots)
    .innerJoin(therapistUser, eq(therapistUser.id, slots.therapistId))
    .leftJoin(therapists, eq(therapists.userId, slots.therapistId))
    .where(where);
}

const NOT_FOUND = 'Сессия не найдена';

/** The serial id behind a slot hashid; 404 for anything that is not one. */
export function decodeSlotId(ctx: TAppContext, hashid: string): number {
  const id = ctx.hashids.decode('slot', hashid);
  if (id === null) throw new AppError('not_found', NOT_FOUND);
  return id;
}

/** The client's own slot: another client's answers exactly like one that does not exist. */
export async function loadClientSlot(ctx: TAppContext, clientId: number, hashid: string): Promise<TSlotWithTherapist> {
  const id = decodeSlotId(ctx, hashid);
  const [row] = await selectSlotsWithTherapist(ctx.db, and(eq(slots.id, id), eq(slots.clientId, clientId)));
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** Locks the client's own slot for the rest of the transaction; 404 as above. */
export async function lockClientSlot(tx: TExecutor, clientId: number, slotId: number): Promise<TSlotRow> {
  const [slot] = await tx
    .select()
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.clientId, clientId)))
    .for('update');
  if (!slot) throw new AppError('not_found', NOT_FOUND);
  return slot;
}
