import { ZClientSlotSchema, ZClientSlotsResponseSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessAccount, createSlot } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { bookingWorld, sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const HOUR = 3_600_000;

describe('GET /api/v1/user/slots', () => {
  it('lists upcoming sessions first to last and past ones last to first, in the client’s zone, with the therapist', async () => {
    const w = await bookingWorld(t, { clientTz: 'America/New_York', therapistTz: 'Europe/Moscow' });
    const other = await bookingWorld(t);
    const at = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR);
    const make = (hours: number, status: 'booked' | 'completed' | 'cancelled' | 'rescheduled' | 'expired' | 'held') =>
      createSlot(t.ctx.db, {
        therapistId: w.therapist.id,
        clientId: w.client.id,
        startsAt: at(hours),
        status,
        ...(status === 'held' ? { holdExpiresAt: new Date(Date.now() + 600_000) } : {}),
      });
    const later = await make(72, 'booked');
    const sooner = await make(30, 'booked');
    const soonest = await make(5, 'booked');
    const hold = await make(96, 'held');
    await make(120, 'rescheduled');
    await make(140, 'expired');
    const done = await make(-48, 'completed');
    const cancelled = await make(-24 * 10, 'cancelled');
    await createSlot(t.ctx.db, { therapistId: other.therapist.id, clientId: other.client.id, startsAt: at(50) });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/slots',
      headers: { cookie: w.session.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = ZClientSlotsResponseSchema.parse(response.json());
    const ids = (list: { id: string }[]) => list.map((s) => t.ctx.hashids.decode('slot', s.id));
    expect(ids(body.upcoming)).toEqual([soonest.id, sooner.id, later.id, hold.id]);
    expect(ids(body.past)).toEqual([done.id, cancelled.id]);

    const first = body.upcoming[0];
    expect(first?.tz).toBe('America/New_York');
    expect(first?.therapist).toMatchObject({ id: w.therapistId, first_name: 'Тест', last_name: 'Тестов' });
    const local = new Intl.DateTimeFormat('ru-RU', {
      timeZone: 'America/New_York',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(soonest.startsAt)
      .replace(', ', ' в ');
    expect(first?.starts_at_label).toBe(local);
    expect(first).toMatchObject({
      can_cancel: true,
      can_reschedule: false,
      cancel_policy: { message: 'Сессия будет списана' },
    });
    expect(body.upcoming[1]).toMatchObject({ can_reschedule: true, cancel_policy: { free: true } });
    expect(body.past[0]).toMatchObject({ status: 'completed', can_cancel: false });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/slots/${body.upcoming[0]?.id}`,
      headers: { cookie: w.session.cookie },
    });
    expect(ZClientSlotSchema.parse(one.json()).id).toBe(body.upcoming[0]?.id);
  });

  it('offers the rating of a session that took place until the client rates it, whatever happened to the popup', async () => {
    const w = await bookingWorld(t);
    const at = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR);
    const held = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: at(-30),
      status: 'completed',
    });
    const missed = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: at(-60),
      status: 'missed',
    });
    const ahead = await createSlot(t.ctx.db, { therapistId: w.therapist.id, clientId: w.client.id, startsAt: at(40) });
    const list = async () =>
      ZClientSlotsResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/user/slots', headers: w.session.headers })).json(),
      );
    const canRate = (body: {
      upcoming: { id: string; can_rate: boolean }[];
      past: { id: string; can_rate: boolean }[];
    }) =>
      Object.fromEntries([...body.upcoming, ...body.past].map((s) => [t.ctx.hashids.decode('slot', s.id), s.can_rate]));
    expect(canRate(await list())).toEqual({ [held.id]: true, [missed.id]: false, [ahead.id]: false });
    // The therapist's rating of the session is theirs: it does not answer for the client.
    const byTherapist = await t.app.inject({
      method: 'POST',
      url: '/api/v1/therapist/slot/video_quality',
      headers: w.therapistSession.headers,
      payload: { slot_hashid: t.ctx.hashids.encode('slot', held.id), rating: 4 },
    });
    expect(byTherapist.statusCode).toBe(200);
    expect(canRate(await list())[held.id]).toBe(true);

    const rated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/slot/video_quality',
      headers: w.session.headers,
      payload: { slot_hashid: t.ctx.hashids.encode('slot', held.id), rating: 5 },
    });
    expect(rated.statusCode).toBe(200);
    expect(canRate(await list())).toEqual({ [held.id]: false, [missed.id]: false, [ahead.id]: false });
  });

  it('is for clients only', async () => {
    const w = await bookingWorld(t);
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    for (const cookie of [w.therapistSession.cookie, business.cookie]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/slots', headers: { cookie } })).statusCode).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/slots' })).statusCode).toBe(401);
  });
});
