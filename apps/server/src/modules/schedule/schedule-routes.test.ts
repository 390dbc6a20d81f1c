import { ZApiErrorSchema, ZAvailabilityExceptionSchema, ZScheduleSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityExceptions, availabilityRules, therapists } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const URL = '/api/v1/therapist/schedule';
const week = {
  rules: [
    { weekday: 0, start_minute: 600, end_minute: 780 },
    { weekday: 0, start_minute: 840, end_minute: 1140 },
    { weekday: 5, start_minute: 660, end_minute: 900 },
  ],
  session_minutes: 60,
  buffer_minutes: 15,
};

async function therapistWithSession(tz = 'Europe/Berlin') {
  const therapist = await createTherapist(t.ctx.db, { tz });
  return { therapist, session: await sessionOf(t, therapist) };
}

const stored = async (therapistId: number) => ({
  rules: await t.ctx.db
    .select()
    .from(availabilityRules)
    .where(eq(availabilityRules.therapistId, therapistId))
    .orderBy(availabilityRules.id),
  exceptions: await t.ctx.db
    .select()
    .from(availabilityExceptions)
    .where(eq(availabilityExceptions.therapistId, therapistId)),
  therapist: (await t.ctx.db.select().from(therapists).where(eq(therapists.userId, therapistId)))[0],
});

const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: URL, headers, payload: payload as object });
const fieldsOf = (body: unknown) => ZApiErrorSchema.parse(body).error.fields ?? {};

describe('therapist working hours', () => {
  it('replaces the weekly hours, length and buffer, and reads them back in the therapist’s zone', async () => {
    const { therapist, session } = await therapistWithSession();
    const saved = await put(session.headers, week);
    expect(saved.statusCode).toBe(200);
    const body = ZScheduleSchema.parse(saved.json());
    expect(body).toMatchObject({
      tz: 'Europe/Berlin',
      session_minutes: 60,
      buffer_minutes: 15,
      accepting_clients: true,
    });
    expect(body.rules).toEqual(week.rules);
    const again = await put(session.headers, { ...week, rules: [{ weekday: 2, start_minute: 0, end_minute: 1440 }] });
    expect(ZScheduleSchema.parse(again.json()).rules).toEqual([{ weekday: 2, start_minute: 0, end_minute: 1440 }]);
    expect((await stored(therapist.id)).rules).toHaveLength(1);
    const read = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } });
    expect(ZScheduleSchema.parse(read.json()).rules).toHaveLength(1);
    const closed = await put(session.headers, { ...week, accepting_clients: false });
    expect(ZScheduleSchema.parse(closed.json()).accepting_clients).toBe(false);
    const kept = await put(session.headers, week);
    expect(ZScheduleSchema.parse(kept.json()).accepting_clients).toBe(false);
  });

  it('refuses overlapping windows, end before start, minutes out of range and unknown weekdays, in Russian', async () => {
    const { therapist, session } = await therapistWithSession();
    await put(session.headers, week);
    const before = await stored(therapist.id);
    const cases: [unknown, string, RegExp][] = [
      [
        {
          ...week,
          rules: [
            { weekday: 1, start_minute: 600, end_minute: 780 },
            { weekday: 1, start_minute: 720, end_minute: 900 },
          ],
        },
        'rules.1.start_minute',
        /Рабочие окна пересекаются: вторник, 10:00–13:00 и 12:00–15:00/,
      ],
      [{ ...week, rules: [{ weekday: 1, start_minute: 900, end_minute: 600 }] }, 'rules.0.end_minute', /позже начала/],
      [{ ...week, rules: [{ weekday: 1, start_minute: -5, end_minute: 600 }] }, 'rules.0.start_minute', /00:00/],
      [{ ...week, rules: [{ weekday: 1, start_minute: 600, end_minute: 1500 }] }, 'rules.0.end_minute', /24:00/],
      [{ ...week, rules: [{ weekday: 7, start_minute: 600, end_minute: 700 }] }, 'rules.0.weekday', /день недели/],
      [{ ...week, rules: [{ weekday: 1.5, start_minute: 600, end_minute: 700 }] }, 'rules.0.weekday', /день недели/],
      [{ ...week, session_minutes: 10 }, 'session_minutes', /не меньше 30 минут/],
      [{ ...week, buffer_minutes: -1 }, 'buffer_minutes', /отрицательным/],
      [{ ...week, session_minutes: '60' }, 'session_minutes', /длительность/],
      [{ rules: week.rules }, 'session_minutes', /длительность/],
      [{ ...week, rules: 'всегда' }, 'rules', /списком/],
      [{ ...week, accepting_clients: 'да' }, 'accepting_clients', /да или нет/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(session.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(fieldsOf(response.json())[field], field).toMatch(message);
    }
    expect(await stored(therapist.id)).toEqual(before);
  });

  it('adds a day off and extra hours on local dates, lists the coming ones and deletes only its own', async () => {
    const { therapist, session } = await therapistWithSession('Asia/Vladivostok');
    const other = await therapistWithSession();
    const tomorrow = DateTime.now().setZone('Asia/Vladivostok').plus({ days: 1 }).toISODate();
    const add = (payload: object, headers = session.headers) =>
      t.app.inject({ method: 'POST', url: `${URL}/exceptions`, headers, payload });

    const off = await add({ date: tomorrow, kind: 'day_off' });
    expect(off.statusCode).toBe(200);
    expect(ZAvailabilityExceptionSchema.parse(off.json())).toMatchObject({
      date: tomorrow,
      kind: 'day_off',
      start_minute: null,
    });
    const extra = await add({ date: tomorrow, kind: 'extra_hours', start_minute: 1200, end_minute: 1320 });
    expect(extra.statusCode).toBe(200);
    const extraId = ZAvailabilityExceptionSchema.parse(extra.json()).id;

    expect((await add({ date: tomorrow, kind: 'day_off' })).statusCode).toBe(409);
    const clash = await add({ date: tomorrow, kind: 'extra_hours', start_minute: 1260, end_minute: 1380 });
    expect(clash.statusCode).toBe(409);
    expect(ZApiErrorSchema.parse(clash.json()).error.message).toContain('20:00–22:00');
    const past = await add({ date: '2020-01-01', kind: 'day_off' });
    expect(fieldsOf(past.json()).date).toBe('Дата уже прошла');
    const noHours = await add({ date: tomorrow, kind: 'extra_hours' });
    expect(noHours.statusCode).toBe(422);
    expect(fieldsOf(noHours.json()).start_minute).toBe('Укажите начало');
    expect((await add({ date: '2026-02-30', kind: 'day_off' })).statusCode).toBe(422);
    expect((await add({ date: tomorrow, kind: 'holiday' })).statusCode).toBe(422);

    const schedule = ZScheduleSchema.parse(
      (await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } })).json(),
    );
    expect(schedule.exceptions.map((e) => e.kind).sort()).toEqual(['day_off', 'extra_hours']);

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/exceptions/${extraId}`,
      headers: other.session.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/exceptions/nonsense`,
      headers: session.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorAnswerOf(foreign)).toEqual(errorAnswerOf(unknown));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/exceptions/${extraId}`,
      headers: session.headers,
    });
    expect(gone.statusCode).toBe(200);
    expect((await stored(therapist.id)).exceptions.map((e) => e.kind)).toEqual(['day_off']);
  });

  it('admits only therapists, with a session and the CSRF token; bad JSON is 400; nothing changes', async () => {
    const { therapist, session } = await therapistWithSession();
    await put(session.headers, week);
    const before = await stored(therapist.id);
    const client = await sessionOf(t, await createClient(t.ctx.db));
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    for (const other of [client, business]) {
      expect((await t.app.inject({ method: 'GET', url: URL, headers: other.headers })).statusCode).toBe(403);
      expect((await put(other.headers, week)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const noCsrf = await put({ cookie: session.cookie }, { ...week, rules: [] });
    expect(noCsrf.statusCode).toBe(403);
    expect(ZApiErrorSchema.parse(noCsrf.json()).error.code).toBe('csrf_invalid');
    const malformed = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"rules": [',
    });
    expect(malformed.statusCode).toBe(400);
    const unknownField = await put(session.headers, { ...week, extra: true });
    expect(unknownField.statusCode).toBe(422);
    const noCsrfException = await t.app.inject({
      method: 'POST',
      url: `${URL}/exceptions`,
      headers: { cookie: session.cookie },
      payload: { date: '2099-01-01', kind: 'day_off' },
    });
    expect(noCsrfException.statusCode).toBe(403);
    expect(await stored(therapist.id)).toEqual(before);
  });
});
