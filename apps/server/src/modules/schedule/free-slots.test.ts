import { ZApiErrorSchema, ZFreeSlotsResponseSchema } from '@therapy/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAvailabilityException,
  createBusinessAccount,
  createClient,
  createSlot,
  createTherapist,
  setTherapistSchedule,
} from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  // No notice, so the whole of tomorrow and later is free whatever the hour of the run.
  t = await buildTestApp({ BOOKING_MIN_NOTICE_MINUTES: '0' });
});
afterAll(() => t.app.close());

const dateIn = (tz: string, daysAhead: number) => DateTime.now().setZone(tz).startOf('day').plus({ days: daysAhead });

async function world(clientTz: string, therapistTz: string) {
  const client = await createClient(t.ctx.db, { tz: clientTz });
  const therapist = await createTherapist(t.ctx.db, { tz: therapistTz });
  // Every day 10:00–19:00 in the therapist's zone, 50 + 10 minutes.
  await setTherapistSchedule(t.ctx.db, therapist.id, {
    rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 600, endMinute: 1140 })),
  });
  return { client, therapist, id: t.ctx.hashids.encode('user', therapist.id), session: await sessionOf(t, client) };
}

const freeSlots = async (cookie: string, id: string, from: string, to: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/therapists/${id}/free_slots?from=${from}&to=${to}`,
    headers: { cookie },
  });

describe('GET /api/v1/user/therapists/:id/free_slots', () => {
  it('lists free starts on the client’s own days, in the client’s zone, for a therapist far away', async () => {
    const w = await world('Asia/Vladivostok', 'Europe/Moscow');
    const day = dateIn('Asia/Vladivostok', 7);
    const response = await freeSlots(w.session.cookie, w.id, day.toISODate() ?? '', day.toISODate() ?? '');
    expect(response.statusCode).toBe(200);
    const body = ZFreeSlotsResponseSchema.parse(response.json());
    expect(body).toMatchObject({ therapist_id: w.id, tz: 'Asia/Vladivostok', session_minutes: 50 });
    expect(body.days).toHaveLength(1);
    expect(body.days[0]?.date).toBe(day.toISODate());
    // Moscow 10:00–19:00 is 17:00–02:00 in Vladivostok.
    expect(body.days[0]?.slots.map((s) => s.time)).toEqual([
      '00:00',
      '01:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
    ]);
    const first = body.days[0]?.slots[0];
    expect(first?.label).toBe(`${day.toFormat('dd.MM.yyyy')} в 00:00`);
    expect(DateTime.fromISO(first?.starts_at ?? '', { zone: 'Europe/Moscow' }).toFormat('HH:mm')).toBe('17:00');
  });

  it('leaves out booked sessions with their buffers, live holds, days off and the past; keeps lapsed holds free', async () => {
    const w = await world('Europe/Moscow', 'Europe/Moscow');
    const other = await createClient(t.ctx.db);
    const day = dateIn('Europe/Moscow', 3);
    const at = (hour: number, minute = 0) => day.set({ hour, minute }).toJSDate();
    await createSlot(t.ctx.db, { therapistId: w.therapist.id, clientId: other.id, startsAt: at(11) });
    // 13:30 + 50 + 10 blocks 13:00 and 14:00
    await createSlot(t.ctx.db, { therapistId: w.therapist.id, clientId: other.id, startsAt: at(13, 30) });
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: other.id,
      startsAt: at(16),
      status: 'held',
      holdExpiresAt: new Date(Date.now() + 600_000),
    });
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: at(17),
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: other.id,
      startsAt: at(18),
      status: 'cancelled',
    });
    await createAvailabilityException(t.ctx.db, {
      therapistId: w.therapist.id,
      onDate: day.plus({ days: 1 }).toISODate() ?? '',
      kind: 'day_off',
    });
    const yesterday = dateIn('Europe/Moscow', -1).toISODate() ?? '';
    const response = await freeSlots(w.session.cookie, w.id, yesterday, day.plus({ days: 1 }).toISODate() ?? '');
    const body = ZFreeSlotsResponseSchema.parse(response.json());
    expect(body.days.map((d) => d.date)).toHaveLength(6);
    expect(body.days[0]?.slots).toEqual([]);
    const target = body.days.find((d) => d.date === day.toISODate());
    expect(target?.slots.map((s) => s.time)).toEqual(['10:00', '12:00', '15:00', '17:00', '18:00']);
    expect(body.days.at(-1)?.slots).toEqual([]);
  });

  it('shows no times of a therapist who takes no new clients, except to their own clients', async () => {
    const w = await world('Europe/Moscow', 'Europe/Moscow');
    await setTherapistSchedule(t.ctx.db, w.therapist.id, {
      rules: [{ weekday: 0, startMinute: 600, endMinute: 1140 }],
      acceptingClients: false,
    });
    const from = dateIn('Europe/Moscow', 1).toISODate() ?? '';
    const to = dateIn('Europe/Moscow', 7).toISODate() ?? ''; // seven days: exactly one Monday
    const count = async (cookie: string) =>
      ZFreeSlotsResponseSchema.parse((await freeSlots(cookie, w.id, from, to)).json()).days.flatMap((d) => d.slots)
        .length;
    expect(await count(w.session.cookie)).toBe(0);
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() - 30 * 86_400_000),
      status: 'completed',
    });
    expect(await count(w.session.cookie)).toBe(9);
  });

  it('refuses bad ranges, unknown therapists and other roles', async () => {
    const w = await world('Europe/Moscow', 'Europe/Moscow');
    const bad = async (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/user/therapists/${w.id}/free_slots${query}`,
        headers: { cookie: w.session.cookie },
      });
    for (const query of [
      '',
      '?from=2026-11-01',
      '?from=2026-11-01&to=2026-12-15',
      '?from=2026-11-10&to=2026-11-01',
      '?from=01.11.2026&to=02.11.2026',
      '?from=2026-02-30&to=2026-03-01',
    ]) {
      const response = await bad(query);
      expect(response.statusCode, query).toBe(422);
      expect(ZApiErrorSchema.parse(response.json()).error.code).toBe('validation_failed');
    }
    expect(ZApiErrorSchema.parse((await bad('?from=2026-11-01&to=2026-12-15')).json()).error.fields?.to).toBe(
      'Период не длиннее 31 дня',
    );
    const client = await createClient(t.ctx.db);
    for (const id of [
      'nonsense',
      t.ctx.hashids.encode('user', client.id),
      t.ctx.hashids.encode('slot', w.therapist.id),
    ]) {
      const response = await freeSlots(w.session.cookie, id, '2026-11-01', '2026-11-02');
      expect(response.statusCode).toBe(404);
      expect(ZApiErrorSchema.parse(response.json()).error.message).toBe('Психолог не найден');
    }
    const therapistSession = await sessionOf(t, w.therapist);
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    for (const cookie of [therapistSession.cookie, business.cookie]) {
      expect((await freeSlots(cookie, w.id, '2026-11-01', '2026-11-02')).statusCode).toBe(403);
    }
  });
});
