import type { TTherapistUpcomingResponse } from '@therapy/contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow, users, videoConnectionReports } from '../../db/schema/index.ts';
import { notesKeyring } from '../../lib/notes-crypto.ts';
import { personName } from '../../lib/person-name.ts';
import { zoneOf, zoneOrDefault } from '../../lib/time.ts';
import { openForm } from '../video/sealed-notes.ts';
import { videoWindowOf } from '../video/video-window.ts';
import { presentTherapistSession } from './present-session.ts';

/**
 * GET /api/v1/therapist/sessions/upcoming: the booked sessions from the start of today to
 * the end of the 7th day after it, in the therapist's zone, with the call window of each
 * (the same rule that opens the room), so the dashboard can offer «Начать сессию».
 * A session already over (past its end plus the grace time) is left out.
 */
export async function listUpcomingSessions(
  ctx: TAppContext,
  therapist: TUserRow,
  now = new Date(),
): Promise<TTherapistUpcomingResponse> {
  const tz = zoneOrDefault(therapist.tz);
  const today = DateTime.fromJSDate(now, { zone: zoneOf(tz) }).startOf('day');
  const until = today.plus({ days: 8 }).toJSDate();
  const partner = alias(users, 'partner');
  const rows = await ctx.db
    .select({
      slot: slots,
      client: { firstName: users.firstName, lastName: users.lastName, email: users.email, erasedAt: users.erasedAt },
      partner: {
        firstName: partner.firstName,
        lastName: partner.lastName,
        email: partner.email,
        erasedAt: partner.erasedAt,
      },
      form: {
        slotId: videoConnectionReports.slotId,
        sealedForm: videoConnectionReports.sealedForm,
        types: videoConnectionReports.types,
        comment: videoConnectionReports.comment,
      },
    })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.clientId))
    .leftJoin(partner, eq(partner.id, slots.partnerClientId))
    .leftJoin(videoConnectionReports, eq(videoConnectionReports.slotId, slots.id))
    .where(
      and(
        eq(slots.therapistId, therapist.id),
        eq(slots.status, 'booked'),
        gte(slots.startsAt, today.toJSDate()),
        lt(slots.startsAt, until),
        sql`${slots.startsAt} + (${slots.durationMin} + ${ctx.config.VIDEO_GRACE_MINUTES}::int) * interval '1 minute' > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(slots.startsAt));
  const keyring = notesKeyring(ctx.config);
  return {
    tz,
    sessions: rows.map((row) => {
      const window = videoWindowOf(row.slot, ctx.config);
      return {
        ...presentTherapistSession(ctx, row.slot, row.form?.slotId ? openForm(keyring, row.form) : null, tz, now),
        client: {
          hashid: ctx.hashids.encode('user', row.slot.clientId),
          name: personName(row.client),
          partner_name: row.partner?.email ? personName(row.partner) : null,
        },
        opens_at: window.opensAt.toISOString(),
        closes_at: window.closesAt.toISOString(),
      };
    }),
  };
}
