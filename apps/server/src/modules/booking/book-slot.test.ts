import { ZApiErrorSchema, ZClientSlotSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { createClientPass, createPass, createSlot, setTherapistSchedule } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, type TTestApp } from '../../test/app.ts';
import { ALL_WEEK, bookingWorld, jobsOfSlot, localHour, sessionOf, snapshotOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const errorOf = (body: unknown) => ZApiErrorSchema.parse(body).error;

async function heldBy(w: Awaited<ReturnType<typeof bookingWorld>>, daysAhead = 3, hour = 10) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/slots',
    headers: w.session.headers,
    payload: {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', daysAhead, hour).toISOString(),
      therapy_type: 'single',
    },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
  return ZClientSlotSchema.parse(response.json());
}

const book = (headers: Record<string, string>, id: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/user/slots/${id}/book`, headers, ...(payload ? { payload } : {}) });

describe('POST /api/v1/user/slots/:id/book', () => {
  it('books the held slot from the client’s pass, spends one session and schedules the mails', async () => {
    const w = await bookingWorld(t);
    const held = await heldBy(w);
    const response = await book(w.session.headers, held.id);
    expect(response.statusCode).toBe(200);
    const body = ZClientSlotSchema.parse(response.json());
    expect(body).toMatchObject({ id: held.id, status: 'booked', hold_expires_at: null, can_reschedule: true });
    expect(body.cancel_policy.message).toMatch(/^Бесплатная отмена до \d\d\.\d\d\.\d{4} в 10:00$/);
    const [pass] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, w.clientPass?.id ?? 0));
    expect(pass?.sessionsLeft).toBe(3);
    const slotId = t.ctx.hashids.decode('slot', held.id) ?? 0;
    const scheduled = await jobsOfSlot(slotId);
    expect(scheduled.map((j) => j.kind).sort()).toEqual([
      'booking.expire_holds',
      'email.booking_confirmed',
      'email.reminder',
      'email.reminder',
      'email.therapist_reminder',
      'email.therapist_reminder',
    ]);
    // booking again (a double click) answers the booked slot and spends nothing more
    const again = await book(w.session.headers, held.id);
    expect(again.statusCode).toBe(200);
    const [still] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, w.clientPass?.id ?? 0));
    expect(still?.sessionsLeft).toBe(3);
  });

  it('sends a client without a fitting pass to buy one, and changes nothing', async () => {
    const noPass = await bookingWorld(t, { withPass: false });
    const emptyPass = await bookingWorld(t, { sessionsLeft: 0 });
    const otherTier = await bookingWorld(t, { withPass: false });
    await createClientPass(t.ctx.db, {
      userId: otherTier.client.id,
      passId: (await createPass(t.ctx.db, { tier: 'expert' })).id,
    });
    const coupleOnly = await bookingWorld(t, { withPass: false });
    await createClientPass(t.ctx.db, {
      userId: coupleOnly.client.id,
      passId: (await createPass(t.ctx.db, { therapyType: 'couple' })).id,
    });
    for (const w of [noPass, emptyPass, otherTier, coupleOnly]) {
      const held = await heldBy(w);
      const before = await snapshotOf(t, [w.client.id, w.therapist.id]);
      const response = await book(w.session.headers, held.id);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response.json())).toMatchObject({ code: 'pass_required' });
      expect(errorOf(response.json()).message).toMatch(/купите абонемент/);
      expect(await snapshotOf(t, [w.client.id, w.therapist.id])).toEqual(before);
    }
  });

  it('uses a pass of the therapist’s tier, and a chosen pass only if it fits', async () => {
    const w = await bookingWorld(t, { withPass: false });
    await setTherapistSchedule(t.ctx.db, w.therapist.id, { rules: ALL_WEEK, tier: 'senior' });
    const standard = await createClientPass(t.ctx.db, { userId: w.client.id, passId: (await createPass(t.ctx.db)).id });
    const senior = await createClientPass(t.ctx.db, {
      userId: w.client.id,
      passId: (await createPass(t.ctx.db, { tier: 'senior' })).id,
    });
    const held = await heldBy(w);
    const wrong = await book(w.session.headers, held.id, {
      client_pass_id: t.ctx.hashids.encode('client_pass', standard.id),
    });
    expect(wrong.statusCode).toBe(409);
    expect(errorOf(wrong.json()).message).toBe('Этот абонемент не подходит для этой сессии');
    expect((await book(w.session.headers, held.id)).statusCode).toBe(200);
    const [slot] = await t.ctx.db
      .select()
      .from(slots)
      .where(eq(slots.id, t.ctx.hashids.decode('slot', held.id) ?? 0));
    expect(slot?.clientPassId).toBe(senior.id);
  });

  it('answers another client’s slot exactly like an unknown one, and refuses lapsed or past ones', async () => {
    const owner = await bookingWorld(t);
    const stranger = await bookingWorld(t);
    const held = await heldBy(owner);
    const before = await snapshotOf(t, [owner.client.id, stranger.client.id]);
    const foreign = await book(stranger.session.headers, held.id);
    const unknown = await book(stranger.session.headers, 'AAAAAAAAAA');
    const wrongKind = await book(stranger.session.headers, t.ctx.hashids.encode('user', owner.client.id));
    expect([foreign.statusCode, unknown.statusCode, wrongKind.statusCode]).toEqual([404, 404, 404]);
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(unknown));
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(wrongKind));
    expect(await snapshotOf(t, [owner.client.id, stranger.client.id])).toEqual(before);

    const expired = await createSlot(t.ctx.db, {
      therapistId: owner.therapist.id,
      clientId: owner.client.id,
      startsAt: localHour('Europe/Moscow', 8, 10),
      status: 'expired',
    });
    const lapsed = await book(owner.session.headers, t.ctx.hashids.encode('slot', expired.id));
    expect(lapsed.statusCode).toBe(409);
    expect(errorOf(lapsed.json()).code).toBe('hold_expired');

    const past = await createSlot(t.ctx.db, {
      therapistId: owner.therapist.id,
      clientId: stranger.client.id,
      startsAt: new Date(Date.now() - 86_400_000),
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 86_000_000),
    });
    const tooLate = await book(stranger.session.headers, t.ctx.hashids.encode('slot', past.id));
    expect(tooLate.statusCode).toBe(409);
    expect(errorOf(tooLate.json())).toMatchObject({ code: 'too_late', message: 'Это время уже прошло' });
  });

  it('refuses other roles, no CSRF token, malformed JSON and unknown fields', async () => {
    const w = await bookingWorld(t);
    const held = await heldBy(w);
    const before = await snapshotOf(t, [w.client.id]);
    expect((await book(w.therapistSession.headers, held.id)).statusCode).toBe(403);
    expect((await book({ cookie: w.session.cookie }, held.id)).statusCode).toBe(403);
    expect((await book({}, held.id)).statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/slots/${held.id}/book`,
      headers: { ...w.session.headers, 'content-type': 'application/json' },
      payload: '{"client_pass_id": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await book(w.session.headers, held.id, { client_pass_id: 42 })).statusCode).toBe(422);
    expect((await book(w.session.headers, held.id, { surprise: true })).statusCode).toBe(422);
    expect(await snapshotOf(t, [w.client.id])).toEqual(before);
    const business = await sessionOf(t, w.therapist);
    expect((await book(business.headers, held.id)).statusCode).toBe(403);
  });
});
