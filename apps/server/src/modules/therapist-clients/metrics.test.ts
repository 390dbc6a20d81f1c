import { ZTherapistMetricsResponseSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessAccount, createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const URL = '/api/v1/therapist/metrics';
/** Day `day` at 10:00 UTC of the month `back` months before this one. */
const inMonth = (back: number, day: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, 10));
};
const monthKey = (back: number) => inMonth(back, 1).toISOString().slice(0, 7);

describe('GET /api/v1/therapist/metrics', () => {
  it('computes the four figures and the 12 months from completed sessions only', async () => {
    const therapist = await createTherapist(t.ctx.db, { tz: 'UTC', couple: true });
    const [anna, boris, vera, partner] = await Promise.all(
      ['Анна', 'Борис', 'Вера', 'Партнёр'].map((firstName) => createClient(t.ctx.db, { firstName })),
    );
    if (!anna || !boris || !vera || !partner) throw new Error('clients');
    const slot = (clientId: number, startsAt: Date, o: Partial<Parameters<typeof createSlot>[1]> = {}) =>
      createSlot(t.ctx.db, { therapistId: therapist.id, clientId, startsAt, status: 'completed', ...o });
    // Анна: 3 sessions two months ago, 3 last month, her 7th this month; a cancelled, a missed and a booked one do not count.
    for (const day of [2, 9, 16]) await slot(anna.id, inMonth(2, day));
    for (const day of [2, 9, 16]) await slot(anna.id, inMonth(1, day));
    await slot(anna.id, inMonth(1, 20), { status: 'cancelled' });
    await slot(anna.id, inMonth(1, 23), { status: 'missed' });
    await slot(anna.id, inMonth(0, 1));
    await slot(anna.id, inMonth(-1, 5), { status: 'booked' });
    // Вера: 3 single sessions last month.
    for (const day of [3, 10, 17]) await slot(vera.id, inMonth(1, day));
    // Борис: 2 couple sessions 13 months ago (outside the months, inside the all-time figures).
    for (const day of [4, 11])
      await slot(boris.id, inMonth(13, day), { therapyType: 'couple', partnerClientId: partner.id });
    // Another therapist's sessions with the same client never count.
    const other = await createTherapist(t.ctx.db, { tz: 'UTC' });
    for (const day of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await createSlot(t.ctx.db, {
        therapistId: other.id,
        clientId: vera.id,
        startsAt: inMonth(3, day),
        status: 'completed',
      });
    }

    const response = await t.app.inject({ url: URL, headers: (await sessionOf(t, therapist)).headers });
    expect(response.statusCode).toBe(200);
    const body = ZTherapistMetricsResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      sessions_done: 12,
      clients: 3,
      avg_sessions_per_user: 4,
      avg_sessions_per_user_couple: 2,
      avg_sessions_per_user_single: 5,
    });
    expect(body.s7s1ratio).toBeCloseTo(1 / 3);

    expect(body.monthly.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthKey(11 - i)));
    const month = (back: number) => body.monthly.find((m) => m.month === monthKey(back));
    // Boris's 1st session, before the months, already counts in the retention curve.
    expect(month(11)).toMatchObject({
      sessions_single: 0,
      sessions_couple: 0,
      clients: 0,
      avg_sessions_per_user: null,
      s7s1ratio: 0,
    });
    expect(month(2)).toMatchObject({ sessions_single: 3, clients: 1, avg_sessions_per_user: 3, s7s1ratio: 0 });
    expect(month(1)).toMatchObject({
      sessions_single: 6,
      sessions_couple: 0,
      clients: 2,
      avg_sessions_per_user: 3,
      avg_sessions_per_user_single: 3,
      avg_sessions_per_user_couple: null,
      s7s1ratio: 0,
    });
    expect(month(0)?.sessions_single).toBe(1);
    expect(month(0)?.s7s1ratio).toBeCloseTo(1 / 3);
  });

  it('gives a new therapist nulls and twelve empty months', async () => {
    const therapist = await createTherapist(t.ctx.db, { tz: 'Europe/Moscow' });
    const body = ZTherapistMetricsResponseSchema.parse(
      (await t.app.inject({ url: URL, headers: (await sessionOf(t, therapist)).headers })).json(),
    );
    expect(body).toMatchObject({ sessions_done: 0, clients: 0, avg_sessions_per_user: null, s7s1ratio: null });
    expect(body.monthly).toHaveLength(12);
    expect(body.monthly.every((m) => m.sessions_single + m.sessions_couple === 0 && m.s7s1ratio === null)).toBe(true);
  });

  it('refuses clients and business accounts (403) and nobody signed in (401)', async () => {
    const client = await sessionOf(t, await createClient(t.ctx.db));
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    expect((await t.app.inject({ url: URL, headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: URL, headers: business.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });
});
