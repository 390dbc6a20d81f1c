import type { TClientSlotsResponse } from '@therapy/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow } from '../../db/schema/index.ts';
import { selectSlotsWithTherapist } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';

const PAST_LIMIT = 100;

/**
 * GET /api/v1/user/slots: upcoming sessions (booked and not yet over, and a live hold),
 * earliest first; past ones, latest first. Lapsed holds and the rows a move replaced are
 * left out: the moved session carries the story.
 */
export async function listClientSlots(ctx: TAppContext, client: TUserRow): Promise<TClientSlotsResponse> {
  const rows = await selectSlotsWithTherapist(
    ctx.db,
    and(eq(slots.clientId, client.id), notInArray(slots.status, ['expired', 'rescheduled'])),
  ).orderBy(desc(slots.startsAt));
  const now = new Date();
  const upcoming: TClientSlotsResponse['upcoming'] = [];
  const past: TClientSlotsResponse['past'] = [];
  for (const row of rows) {
    const { slot } = row;
    const end = slot.startsAt.getTime() + slot.durationMin * 60_000;
    if (slot.status === 'held') {
      if ((slot.holdExpiresAt?.getTime() ?? 0) > now.getTime())
        upcoming.push(presentClientSlot(ctx, row, client.tz, now));
    } else if (slot.status === 'booked' && end > now.getTime()) {
      upcoming.push(presentClientSlot(ctx, row, client.tz, now));
    } else if (past.length < PAST_LIMIT) {
      past.push(presentClientSlot(ctx, row, client.tz, now));
    }
  }
  upcoming.reverse();
  return { upcoming, past };
}
