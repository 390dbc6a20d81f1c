import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { clientPasses, slots, type TSlotRow, type TUserRow, therapists, users } from '../../db/schema/index.ts';
import type { THashids } from '../../lib/ids.ts';

export type TSlotMailData = {
  slot: TSlotRow;
  client: TUserRow;
  therapist: TUserRow & { female: boolean };
  /** Sessions left in the pass the slot is paid from, now; null when no pass pays for it. */
  sessionsLeft: number | null;
  /** The calendar event of the booking: the first slot of its chain of moves, and how many moves since. */
  calendarUid: string;
  sequence: number;
  /** The client's public id: the therapist's call page is /therapist/clients/<it>/call. */
  clientHashid: string;
  /** The slot's public id: the client's page of the session is /lk/sessions/<it>. */
  slotHashid: string;
  /** The therapist's public id: the client books them again at /lk/therapists/<it>. */
  therapistHashid: string;
};

const MAX_CHAIN = 100;

async function slotById(db: TDb, id: number): Promise<TSlotRow | null> {
  const [slot] = await db.select().from(slots).where(eq(slots.id, id));
  return slot ?? null;
}

/** Everything a mail about one slot needs; null when the slot does not exist. */
export async function loadSlotMail(db: TDb, hashids: THashids, slotId: number): Promise<TSlotMailData | null> {
  const slot = await slotById(db, slotId);
  if (!slot) return null;
  const [client] = await db.select().from(users).where(eq(users.id, slot.clientId));
  const [therapist] = await db
    .select({ user: users, female: therapists.female })
    .from(users)
    .leftJoin(therapists, eq(therapists.userId, users.id))
    .where(eq(users.id, slot.therapistId));
  if (!client || !therapist) return null;
  let root = slot;
  let sequence = 0;
  while (root.rescheduledFromId !== null && sequence < MAX_CHAIN) {
    const previous = await slotById(db, root.rescheduledFromId);
    if (!previous) break;
    root = previous;
    sequence++;
  }
  let sessionsLeft: number | null = null;
  if (slot.clientPassId !== null) {
    const [pass] = await db
      .select({ left: clientPasses.sessionsLeft })
      .from(clientPasses)
      .where(eq(clientPasses.id, slot.clientPassId));
    sessionsLeft = pass?.left ?? null;
  }
  return {
    slot,
    client,
    therapist: { ...therapist.user, female: therapist.female ?? true },
    sessionsLeft,
    calendarUid: `${hashids.encode('slot', root.id)}@therapy-platform`,
    sequence,
    clientHashid: hashids.encode('user', client.id),
    slotHashid: hashids.encode('slot', slot.id),
    therapistHashid: hashids.encode('user', therapist.user.id),
  };
}
