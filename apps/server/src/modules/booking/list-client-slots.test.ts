import { ZClientSlotSchema, ZClientSlotsResponseSchema } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessAccount, createSlot } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { bookingWorld, sessionOf } from '../../test/booking-world.ts';
import { CLIENT_SLOTS_SQL } from './list-client-slots.ts';

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

  it('keeps the latest 100 past sessions, and a session still under way, however long ago it began', async () => {
    const w = await bookingWorld(t);
    const start = Date.now() - 23 * HOUR;
    // A day-long session that began 23 hours ago is not over: the one-day bound of the query keeps it.
    const longOne = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(start),
      durationMin: 1440,
      bufferMinutes: 0,
    });
    for (let i = 0; i < 105; i++) {
      await createSlot(t.ctx.db, {
        therapistId: w.therapist.id,
        clientId: w.client.id,
        startsAt: new Date(start - (i + 2) * 24 * HOUR),
        status: 'completed',
      });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/slots',
      headers: { cookie: w.session.cookie },
    });
    const body = ZClientSlotsResponseSchema.parse(response.json());
    expect(body.upcoming.map((s) => s.id)).toEqual([t.ctx.hashids.encode('slot', longOne.id)]);
    expect(body.past).toHaveLength(100);
    expect(Date.parse(body.past[0]?.starts_at ?? '')).toBe(start - 2 * 24 * HOUR);
    expect(Date.parse(body.past[99]?.starts_at ?? '')).toBe(start - 101 * 24 * HOUR);
  });

  it('reads through the (client_id, starts_at) index, bounded by time for what is upcoming', async () => {
    const plan = async () => {
      const at = `'${new Date().toISOString()}'`;
      return t.ctx.db.transaction(async (tx) => {
        // Tables this small would be read whole; the question is whether the index can serve the query.
        await tx.execute(sql.raw('set local enable_seqscan = off'));
        const name = `client_slots_plan_${Math.random().toString(36).slice(2)}`;
        await tx.execute(sql.raw(`prepare ${name} as ${CLIENT_SLOTS_SQL}`));
        const result = await tx.execute(sql.raw(`explain execute ${name}(1, ${at})`));
        await tx.execute(sql.raw(`deallocate ${name}`));
        const { rows } = result as unknown as { rows: { 'QUERY PLAN': string }[] };
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    };
    const text = await plan();
    // Upcoming: the index bounded by time; past: the index too, cut at the limit.
    expect(text).toMatch(/slots_client_idx[\s\S]*Index Cond: \(\(client_id = 1\) AND \(starts_at > /);
    expect(text).toMatch(/Limit[\s\S]*slots_client_idx[\s\S]*Index Cond: \(client_id = 1\)/);
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
