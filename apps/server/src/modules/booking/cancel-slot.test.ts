import { ZApiErrorSchema, ZCancelPolicySchema, ZCancelSlotResponseSchema, ZClientSlotSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createSlot } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, type TTestApp } from '../../test/app.ts';
import { bookingWorld, bookThroughApi, jobsOfSlot, localHour, snapshotOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type TWorld = Awaited<ReturnType<typeof bookingWorld>>;
const errorOf = (body: unknown) => ZApiErrorSchema.parse(body).error;

const bookedBy = (w: TWorld, daysAhead?: number, hour?: number) => bookThroughApi(t, w, daysAhead, hour);

/** A booked session paid from the world's pass, starting in `hours` (created directly: inside 24 h). */
async function bookedSoon(w: TWorld, hours: number) {
  const slot = await createSlot(t.ctx.db, {
    therapistId: w.therapist.id,
    clientId: w.client.id,
    startsAt: new Date(Date.now() + hours * 3_600_000),
    clientPassId: w.clientPass?.id ?? null,
  });
  return { id: t.ctx.hashids.encode('slot', slot.id), slotId: slot.id };
}

const cancel = (headers: Record<string, string>, id: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/user/slots/${id}/cancel`, headers, ...(payload ? { payload } : {}) });
const passOf = async (w: TWorld) =>
  (
    await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, w.clientPass?.id ?? 0))
  )[0];

describe('cancelling a session', () => {
  it('shows the policy first, then cancels in time: the session goes back and the pass is active again', async () => {
    const w = await bookingWorld(t, { sessionsLeft: 1 });
    const { id, slotId } = await bookedBy(w);
    expect(await passOf(w)).toMatchObject({ sessionsLeft: 0, status: 'used_up' });

    const policy = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/slots/${id}/cancel_policy`,
      headers: { cookie: w.session.cookie },
    });
    expect(ZCancelPolicySchema.parse(policy.json())).toMatchObject({ free: true, can_cancel: true });
    expect(policy.json().message).toMatch(/^Бесплатная отмена до \d\d\.\d\d\.\d{4} в 10:00$/);

    const response = await cancel(w.session.headers, id, { reason: 'Заболела' });
    expect(response.statusCode).toBe(200);
    const body = ZCancelSlotResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      session_returned: true,
      message: 'Сессия отменена и вернулась в абонемент',
      slot: { id, status: 'cancelled', can_cancel: false, can_reschedule: false },
    });
    expect(await passOf(w)).toMatchObject({ sessionsLeft: 1, status: 'active' });
    const [row] = await t.ctx.db.select().from(slots).where(eq(slots.id, slotId));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Заболела' });
    const slotJobs = await jobsOfSlot(slotId);
    const byKey = Object.fromEntries(slotJobs.map((j) => [j.dedupeKey.split(':')[0], j]));
    expect(byKey['reminder-24h']?.state).toBe('cancelled');
    expect(byKey['reminder-1h']?.state).toBe('cancelled');
    expect(byKey['booking-cancelled']?.payload).toEqual({ slot_id: slotId, session_returned: true, by: 'client' });

    const twice = await cancel(w.session.headers, id);
    expect(twice.statusCode).toBe(409);
    expect(await passOf(w)).toMatchObject({ sessionsLeft: 1 });
  });

  it('cancels late as late_cancelled: the client was told first that the session will be spent', async () => {
    const w = await bookingWorld(t, { sessionsLeft: 2 });
    const { id, slotId } = await bookedSoon(w, 5);
    const policy = ZCancelPolicySchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/user/slots/${id}/cancel_policy`,
          headers: { cookie: w.session.cookie },
        })
      ).json(),
    );
    expect(policy).toMatchObject({
      free: false,
      message: 'Сессия будет списана',
      can_cancel: true,
      can_reschedule: false,
    });
    const response = await cancel(w.session.headers, id);
    expect(ZCancelSlotResponseSchema.parse(response.json())).toMatchObject({
      session_returned: false,
      message: 'Сессия отменена и списана',
      slot: { status: 'late_cancelled' },
    });
    expect(await passOf(w)).toMatchObject({ sessionsLeft: 2 });
    const [job] = await findJobs({ keys: [`booking-cancelled:${slotId}`] });
    expect(job?.payload).toMatchObject({ session_returned: false });
  });

  it('releases a hold without touching any pass', async () => {
    const w = await bookingWorld(t);
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/slots',
      headers: w.session.headers,
      payload: {
        therapist_id: w.therapistId,
        starts_at: localHour('Europe/Moscow', 3, 12).toISOString(),
        therapy_type: 'single',
      },
    });
    const id = ZClientSlotSchema.parse(held.json()).id;
    const response = await cancel(w.session.headers, id);
    expect(ZCancelSlotResponseSchema.parse(response.json())).toMatchObject({
      session_returned: false,
      slot: { status: 'expired' },
    });
    expect(await passOf(w)).toMatchObject({ sessionsLeft: 4 });
  });

  it('refuses a session that started or passed, another client’s session and bad input; nothing changes', async () => {
    const w = await bookingWorld(t);
    const stranger = await bookingWorld(t);
    const started = await bookedSoon(w, -0.5);
    const mine = await bookedBy(w, 4, 12);
    const before = await snapshotOf(t, [w.client.id, stranger.client.id]);

    const past = await cancel(w.session.headers, started.id);
    expect(past.statusCode).toBe(409);
    expect(errorOf(past.json())).toMatchObject({
      code: 'too_late',
      message: 'Сессия уже началась или прошла: отменить её нельзя',
    });

    const foreign = await cancel(stranger.session.headers, mine.id);
    const unknown = await cancel(stranger.session.headers, 'zzzzzzzzzz');
    expect(foreign.statusCode).toBe(404);
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(unknown));
    const foreignPolicy = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/slots/${mine.id}/cancel_policy`,
      headers: { cookie: stranger.session.cookie },
    });
    expect(foreignPolicy.statusCode).toBe(404);
    const foreignRead = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/slots/${mine.id}`,
      headers: { cookie: stranger.session.cookie },
    });
    expect(foreignRead.statusCode).toBe(404);

    expect((await cancel(w.therapistSession.headers, mine.id)).statusCode).toBe(403);
    expect((await cancel({ cookie: w.session.cookie }, mine.id)).statusCode).toBe(403);
    expect((await cancel(w.session.headers, mine.id, { reason: 5 })).statusCode).toBe(422);
    expect((await cancel(w.session.headers, mine.id, { reason: 'x'.repeat(501) })).statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/slots/${mine.id}/cancel`,
      headers: { ...w.session.headers, 'content-type': 'application/json' },
      payload: '{reason',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await snapshotOf(t, [w.client.id, stranger.client.id])).toEqual(before);
  });
});
