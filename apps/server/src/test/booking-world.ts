import { ZClientSlotSchema } from '@therapy/contract';
import { inArray, or } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { clientPasses, slots, type TUserRow } from '../db/schema/index.ts';
import { findJobs } from '../lib/jobs.ts';
import { createSession, SESSION_COOKIE } from '../modules/auth/sessions.ts';
import {
  createClient,
  createClientPass,
  createPass,
  createTherapist,
  setTherapistSchedule,
} from '../seed/factories.ts';
import type { TTestApp } from './app.ts';

export type TSession = { cookie: string; csrf: string; headers: { cookie: string; 'x-csrf-token': string } };

/** A signed-in session without the argon2 round trip of sign-in (for many clients at once). */
export async function sessionOf(t: TTestApp, user: TUserRow): Promise<TSession> {
  const { token, csrfToken } = await createSession(t.ctx, user.id, {});
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { cookie, csrf: csrfToken, headers: { cookie, 'x-csrf-token': csrfToken } };
}

/** Every day 08:00–20:00 in the therapist's zone. */
export const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 20 * 60 }));

/** A whole hour of a local day some days from today in a zone (on the 50 + 10 grid of ALL_WEEK). */
export const localHour = (tz: string, daysAhead: number, hour: number): Date =>
  DateTime.now().setZone(tz).startOf('day').plus({ days: daysAhead }).set({ hour }).toJSDate();

/**
 * A client with an active 4-session pass (single, standard tier) and a therapist who works
 * every day 08:00–20:00 in their zone, both signed in.
 */
export async function bookingWorld(
  t: TTestApp,
  o: { clientTz?: string; therapistTz?: string; sessionsLeft?: number; withPass?: boolean } = {},
) {
  const client = await createClient(t.ctx.db, { tz: o.clientTz ?? 'Europe/Moscow', signedUp: true });
  const therapist = await createTherapist(t.ctx.db, { tz: o.therapistTz ?? 'Europe/Moscow', couple: false });
  await setTherapistSchedule(t.ctx.db, therapist.id, { rules: ALL_WEEK });
  const pass = await createPass(t.ctx.db);
  const clientPass =
    o.withPass === false
      ? null
      : await createClientPass(t.ctx.db, {
          userId: client.id,
          passId: pass.id,
          sessionsTotal: 4,
          sessionsLeft: o.sessionsLeft ?? 4,
        });
  return {
    client,
    therapist,
    therapistId: t.ctx.hashids.encode('user', therapist.id),
    clientPass,
    session: await sessionOf(t, client),
    therapistSession: await sessionOf(t, therapist),
  };
}

/** What a failed call must not have changed: the slots, passes and jobs of these users. */
export async function snapshotOf(t: TTestApp, userIds: number[]) {
  const db = t.ctx.db;
  const slotRows = await db
    .select()
    .from(slots)
    .where(or(inArray(slots.clientId, userIds), inArray(slots.therapistId, userIds)))
    .orderBy(slots.id);
  const passRows = await db
    .select()
    .from(clientPasses)
    .where(inArray(clientPasses.userId, userIds))
    .orderBy(clientPasses.id);
  const jobRows = (await Promise.all(slotRows.map((slot) => findJobs({ payload: { slot_id: slot.id } }))))
    .flat()
    .map((job) => ({ key: job.dedupeKey, state: job.state }))
    .sort((a, b) => a.key.localeCompare(b.key));
  return { slots: slotRows, passes: passRows, jobs: jobRows };
}

/** The jobs that follow one slot: its mails and reminders (by payload) and its hold sweep. */
export async function jobsOfSlot(slotId: number) {
  const jobs = [
    ...(await findJobs({ payload: { slot_id: slotId } })),
    ...(await findJobs({ keys: [`expire-holds:${slotId}`] })),
  ];
  return jobs.sort((a, b) => a.dedupeKey.localeCompare(b.dedupeKey));
}

/** Holds and books a session through the API, as the world's client does: from their pass. */
export async function bookThroughApi(
  t: TTestApp,
  w: Awaited<ReturnType<typeof bookingWorld>>,
  daysAhead = 3,
  hour = 10,
): Promise<{ id: string; slotId: number }> {
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/slots',
    headers: w.session.headers,
    payload: {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', daysAhead, hour).toISOString(),
      therapy_type: 'single',
    },
  });
  const id = ZClientSlotSchema.parse(held.json()).id;
  const booked = await t.app.inject({
    method: 'POST',
    url: `/api/v1/user/slots/${id}/book`,
    headers: w.session.headers,
  });
  if (booked.statusCode !== 200) throw new Error(booked.body);
  return { id, slotId: t.ctx.hashids.decode('slot', id) ?? 0 };
}
