import { ZApiErrorSchema, ZCalendarFeedSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slots, users } from '../../db/schema/index.ts';
import { createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const URL = '/api/v1/therapist/schedule/calendar_feed';
const TZ = 'Asia/Vladivostok';
const local = (days: number, hour: number) =>
  DateTime.now().setZone(TZ).plus({ days }).startOf('day').set({ hour }).toJSDate();

/** The path of a feed URL, for `inject`. */
const pathOf = (url: string) => new globalThis.URL(url).pathname;

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      minutes: event.duration.toSeconds() / 60,
      summary: event.summary,
      status: vevent.getFirstPropertyValue('status'),
      sequence: event.sequence,
    };
  });
}

async function world() {
  const therapist = await createTherapist(t.ctx.db, { tz: TZ });
  const anna = await createClient(t.ctx.db, { firstName: 'Анна', lastName: 'Соколова' });
  const oleg = await createClient(t.ctx.db, { firstName: 'Олег', lastName: 'Ким' });
  const booked = await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: anna.id, startsAt: local(3, 14) });
  const past = await createSlot(t.ctx.db, {
    therapistId: therapist.id,
    clientId: anna.id,
    startsAt: local(-7, 10),
    status: 'completed',
  });
  await createSlot(t.ctx.db, {
    therapistId: therapist.id,
    clientId: oleg.id,
    startsAt: local(4, 9),
    status: 'cancelled',
  });
  // Oleg's session moved once: the old slot is `rescheduled`, the new one points back to it.
  const moved = await createSlot(t.ctx.db, {
    therapistId: therapist.id,
    clientId: oleg.id,
    startsAt: local(5, 11),
    status: 'rescheduled',
  });
  const movedTo = await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: oleg.id, startsAt: local(6, 12) });
  await t.ctx.db.update(slots).set({ rescheduledFromId: moved.id }).where(eq(slots.id, movedTo.id));
  // Someone else's session never shows.
  const other = await createTherapist(t.ctx.db);
  await createSlot(t.ctx.db, { therapistId: other.id, clientId: anna.id, startsAt: local(3, 16) });
  return { therapist, booked, past, moved, movedTo, session: await sessionOf(t, therapist) };
}

describe('the therapist’s private calendar feed', () => {
  it('serves booked and completed sessions in UTC with stable UIDs, without a session cookie', async () => {
    const { booked, past, moved, movedTo, session } = await world();
    const read = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } });
    expect(read.statusCode).toBe(200);
    const feed = ZCalendarFeedSchema.parse(read.json());
    expect(feed.url).toMatch(/^https?:\/\/.+\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcal_url).toBe(feed.url.replace(/^https?:/, 'webcal:'));
    const again = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } });
    expect(ZCalendarFeedSchema.parse(again.json()).url).toBe(feed.url);

    const answer = await t.app.inject({ method: 'GET', url: pathOf(feed.url) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/calendar/);
    expect(answer.headers['cache-control']).toMatch(/private/);
    // Every time is UTC with Z: no VTIMEZONE a calendar app could misread.
    const starts = answer.body.split('\r\n').filter((line) => line.startsWith('DTSTART'));
    expect(starts).toHaveLength(3);
    for (const line of starts) expect(line).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);

    const uid = (id: number) => `${t.ctx.hashids.encode('slot', id)}@therapy-platform`;
    expect(eventsOf(answer.body)).toEqual([
      {
        uid: uid(past.id),
        start: past.startsAt.toISOString(),
        minutes: 50,
        summary: 'Сессия: Анна Соколова',
        status: 'CONFIRMED',
        sequence: 0,
      },
      {
        uid: uid(booked.id),
        start: booked.startsAt.toISOString(),
        minutes: 50,
        summary: 'Сессия: Анна Соколова',
        status: 'CONFIRMED',
        sequence: 0,
      },
      // the moved session keeps the UID of its first booking, one sequence up; the cancelled one is absent
      {
        uid: uid(moved.id),
        start: movedTo.startsAt.toISOString(),
        minutes: 50,
        summary: 'Сессия: Олег Ким',
        status: 'CONFIRMED',
        sequence: 1,
      },
    ]);
    const second = await t.app.inject({ method: 'GET', url: pathOf(feed.url) });
    expect(eventsOf(second.body).map((e) => e.uid)).toEqual(eventsOf(answer.body).map((e) => e.uid));
  });

  it('speaks the therapist’s saved language, else the calendar app’s Accept-Language', async () => {
    const { therapist, session } = await world();
    const feed = ZCalendarFeedSchema.parse(
      (await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } })).json(),
    );
    const english = await t.app.inject({
      method: 'GET',
      url: pathOf(feed.url),
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(english.headers.vary).toMatch(/accept-language/i);
    const calendar = new ICAL.Component(ICAL.parse(english.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Sessions with clients');
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual([
      'Session: Анна Соколова',
      'Session: Анна Соколова',
      'Session: Олег Ким',
    ]);
    expect(events[0]?.description).toMatch(/^Individual session\. Join the call: https?:\/\/\S+\/call$/);
    // Only the names stay Russian (unfolded first: the file folds its long lines).
    expect(english.body.replaceAll('\r\n ', '')).not.toMatch(/Сесси|Войти|Индивидуальная/);

    // The saved choice wins over the app's header, either way.
    await t.ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, therapist.id));
    const saved = await t.app.inject({ method: 'GET', url: pathOf(feed.url), headers: { 'accept-language': 'ru' } });
    expect(eventsOf(saved.body)[0]?.summary).toBe('Session: Анна Соколова');
    await t.ctx.db.update(users).set({ language: 'ru' }).where(eq(users.id, therapist.id));
    const russian = await t.app.inject({ method: 'GET', url: pathOf(feed.url), headers: { 'accept-language': 'en' } });
    expect(eventsOf(russian.body)[0]?.summary).toBe('Сессия: Анна Соколова');
    const description = new ICAL.Event(
      new ICAL.Component(ICAL.parse(russian.body)).getFirstSubcomponent('vevent') ?? undefined,
    ).description;
    expect(description).toMatch(/^Индивидуальная сессия\. Войти в звонок: /);
  });

  it('reset makes a new URL and the old one answers 404 in our shape', async () => {
    const { session } = await world();
    const first = ZCalendarFeedSchema.parse(
      (await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } })).json(),
    );
    const noCsrf = await t.app.inject({ method: 'POST', url: `${URL}/reset`, headers: { cookie: session.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: pathOf(first.url) })).statusCode).toBe(200);

    const reset = await t.app.inject({ method: 'POST', url: `${URL}/reset`, headers: session.headers });
    expect(reset.statusCode).toBe(200);
    const next = ZCalendarFeedSchema.parse(reset.json());
    expect(next.url).not.toBe(first.url);
    const old = await t.app.inject({ method: 'GET', url: pathOf(first.url) });
    expect(old.statusCode).toBe(404);
    expect(ZApiErrorSchema.parse(old.json()).error.code).toBe('not_found');
    expect((await t.app.inject({ method: 'GET', url: pathOf(next.url) })).statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: session.cookie } });
    expect(ZCalendarFeedSchema.parse(read.json()).url).toBe(next.url);
  });

  it('answers 404 to a made-up token and refuses the URL routes to anyone but the therapist', async () => {
    const made = `/api/v1/calendar/${'a'.repeat(43)}.ics`;
    expect((await t.app.inject({ method: 'GET', url: made })).statusCode).toBe(404);
    const short = await t.app.inject({ method: 'GET', url: '/api/v1/calendar/abc.ics' });
    expect([404, 422]).toContain(short.statusCode);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const client = await sessionOf(t, await createClient(t.ctx.db));
    expect((await t.app.inject({ method: 'GET', url: URL, headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${URL}/reset`, headers: client.headers })).statusCode).toBe(403);
  });
});
