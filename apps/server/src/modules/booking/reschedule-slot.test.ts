import { ZApiErrorSchema, ZClientSlotSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { createClient, createSlot } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, type TTestApp } from '../../test/app.ts';
import {
  bookingWorld,
  bookThroughApi,
  jobsOfSlot,
  localHour,
  sessionOf,
  snapshotOf,
} from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type TWorld = Awaited<ReturnType<typeof bookingWorld>>;
const errorOf = (body: unknown) => ZApiErrorSchema.parse(body).error;

const bookedBy = (w: TWorld, daysAhead?: number, hour?: number) => bookThroughApi(t, w, daysAhead, hour);

const reschedule = (headers: Record<string, string>, id: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/user/slots/${id}/reschedule`, headers, payload: payload as object });

describe('POST /api/v1/user/slots/:id/reschedule', () => {
  it('moves a couple session with its partner, who can reach the new time’s call', async () => {
    const w = await bookingWorld(t);
    const { id, slotId } = await bookedBy(w);
    const partner = await createClient(t.ctx.db, { firstName: 'Павел', signedUp: true });
    await t.ctx.db
      .update(slots)
      .set({ therapyType: 'couple', partnerClientId: partner.id })
      .where(eq(slots.id, slotId));
    const newStart = localHour('Europe/Moscow', 3, 11);
    const response = await reschedule(w.session.headers, id, { starts_at: newStart.toISOString() });
    expect(response.statusCode).toBe(200);
    const newId = t.ctx.hashids.decode('slot', ZClientSlotSchema.parse(response.json()).id) ?? 0;
    const [moved] = await t.ctx.db.select().from(slots).where(eq(slots.id, newId));
    expect(moved).toMatchObject({ status: 'booked', therapyType: 'couple', partnerClientId: partner.id });
    const box = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/slot/videobox',
      headers: (await sessionOf(t, partner)).headers,
    });
    expect(box.statusCode).toBe(200);
    expect(box.json<{ id: string }>().id).toBe(t.ctx.hashids.encode('slot', newId));
  });

  it('moves the session in one go: the old one rescheduled, the new one booked from the same pass, reminders moved', async () => {
    const w = await bookingWorld(t);
    const { id, slotId } = await bookedBy(w);
    // by half an hour less than a session: the move must not clash with its own old time
    const newStart = localHour('Europe/Moscow', 3, 11);
    const response = await reschedule(w.session.headers, id, { starts_at: newStart.toISOString() });
    expect(response.statusCode).toBe(200);
    const body = ZClientSlotSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'booked', starts_at: newStart.toISOString(), can_reschedule: true });
    expect(body.id).not.toBe(id);
    const newId = t.ctx.hashids.decode('slot', body.id) ?? 0;

    const [old] = await t.ctx.db.select().from(slots).where(eq(slots.id, slotId));
    const [moved] = await t.ctx.db.select().from(slots).where(eq(slots.id, newId));
    expect(old?.status).toBe('rescheduled');
    expect(moved).toMatchObject({ status: 'booked', rescheduledFromId: slotId, clientPassId: w.clientPass?.id });
    const [pass] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, w.clientPass?.id ?? 0));
    expect(pass?.sessionsLeft).toBe(3);

    const related = [...(await jobsOfSlot(slotId)), ...(await jobsOfSlot(newId))].filter(
      (j) => j.kind !== 'booking.expire_holds' && j.kind !== 'email.booking_confirmed',
    );
    const state = Object.fromEntries(related.map((j) => [`${j.kind}:${j.dedupeKey.split(':')[1]}`, j.state]));
    expect(state).toEqual({
      [`email.reminder:${slotId}`]: 'cancelled',
      [`email.reminder:${newId}`]: 'created',
      [`email.booking_rescheduled:${newId}`]: 'created',
      [`email.therapist_reminder:${slotId}`]: 'cancelled',
      [`email.therapist_reminder:${newId}`]: 'created',
    });
    expect(related.filter((j) => j.kind === 'email.reminder' && j.state === 'cancelled')).toHaveLength(2);
    expect(related.filter((j) => j.kind === 'email.therapist_reminder' && j.state === 'cancelled')).toHaveLength(2);
    expect(related.find((j) => j.kind === 'email.booking_rescheduled')?.payload).toEqual({
      slot_id: newId,
      previous_slot_id: slotId,
    });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/slots',
      headers: { cookie: w.session.cookie },
    });
    expect(list.json().upcoming.map((s: { id: string }) => s.id)).toEqual([body.id]);
    // the old time is free again for anyone
    const again = await reschedule(w.session.headers, body.id, {
      starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a time that is taken (409) and leaves both sessions as they were', async () => {
    const w = await bookingWorld(t);
    const other = await createClient(t.ctx.db);
    const { id } = await bookedBy(w);
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: other.id,
      startsAt: localHour('Europe/Moscow', 4, 10),
    });
    const before = await snapshotOf(t, [w.client.id, w.therapist.id]);
    const response = await reschedule(w.session.headers, id, {
      starts_at: localHour('Europe/Moscow', 4, 10).toISOString(),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.json())).toMatchObject({ code: 'slot_taken', message: 'Это время уже занято' });
    expect(await snapshotOf(t, [w.client.id, w.therapist.id])).toEqual(before);
  });

  it('refuses inside 24 h, off the grid, the same time, the past, and other clients’ sessions', async () => {
    const w = await bookingWorld(t);
    const stranger = await bookingWorld(t);
    const soon = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() + 20 * 3_600_000),
      clientPassId: w.clientPass?.id ?? null,
    });
    const { id } = await bookedBy(w);
    const before = await snapshotOf(t, [w.client.id, w.therapist.id, stranger.client.id]);
    const target = localHour('Europe/Moscow', 5, 10).toISOString();

    const late = await reschedule(w.session.headers, t.ctx.hashids.encode('slot', soon.id), { starts_at: target });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late.json())).toMatchObject({
      code: 'too_late',
      message: 'Перенести сессию можно не позднее чем за 24 часа до начала',
    });
    const offGrid = await reschedule(w.session.headers, id, {
      starts_at: new Date(localHour('Europe/Moscow', 5, 10).getTime() + 20 * 60_000).toISOString(),
    });
    expect(offGrid.statusCode).toBe(422);
    expect(errorOf(offGrid.json()).fields?.starts_at).toMatch(/не принимает/);
    const same = await reschedule(w.session.headers, id, {
      starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
    });
    expect(same.statusCode).toBe(422);
    const past = await reschedule(w.session.headers, id, {
      starts_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(errorOf(past.json()).message).toBe('Это время уже прошло');
    const foreign = await reschedule(stranger.session.headers, id, { starts_at: target });
    const unknown = await reschedule(stranger.session.headers, 'AAAAAAAAAA', { starts_at: target });
    expect(foreign.statusCode).toBe(404);
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(unknown));

    for (const payload of [{}, { starts_at: 'завтра' }, { starts_at: 1700000000 }, { starts_at: target, extra: 1 }]) {
      const response = await reschedule(w.session.headers, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(errorOf((await reschedule(w.session.headers, id, {})).json()).fields?.starts_at).toMatch(/ISO 8601/);
    expect((await reschedule({ cookie: w.session.cookie }, id, { starts_at: target })).statusCode).toBe(403);
    expect((await reschedule(w.therapistSession.headers, id, { starts_at: target })).statusCode).toBe(403);
    expect(await snapshotOf(t, [w.client.id, w.therapist.id, stranger.client.id])).toEqual(before);
  });
});
