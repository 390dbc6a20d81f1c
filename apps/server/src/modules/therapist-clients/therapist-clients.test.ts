import {
  ZApiErrorSchema,
  ZTherapistClientDetailSchema,
  ZTherapistClientsResponseSchema,
  ZTherapistClientsV2ResponseSchema,
  ZTherapistUpcomingResponseSchema,
} from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, videoConnectionReports } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A whole hour some days from now, so weekday and time repeat exactly a week later (UTC has no DST). */
const at = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

async function practice() {
  const therapist = await createTherapist(t.ctx.db, { tz: 'UTC', couple: true });
  const client = (firstName: string) => createClient(t.ctx.db, { firstName, lastName: 'Тестова' });
  const slot = (
    clientId: number,
    startsAt: Date,
    o: Parameters<typeof createSlot>[1] extends infer P ? Partial<P & object> : never = {},
  ) => createSlot(t.ctx.db, { therapistId: therapist.id, clientId, startsAt, ...o });
  return { therapist, client, slot, session: await sessionOf(t, therapist) };
}

describe('GET /api/v1/therapist/users', () => {
  it('lists active clients with figures and the standing time, sorted by the next session; v2 wraps it in data', async () => {
    const p = await practice();
    const weekly = await p.client('Анна');
    const later = await p.client('Борис');
    const lapsed = await p.client('Вера');
    const recent = await p.client('Галина');
    const partner = await p.client('Дмитрий');
    // Анна: two done, then weekly on the same weekday and hour.
    await p.slot(weekly.id, at(-14), { status: 'completed' });
    await p.slot(weekly.id, at(-7), { status: 'completed' });
    await p.slot(weekly.id, at(3));
    await p.slot(weekly.id, at(10));
    // Борис: a couple session in 5 days, no standing time.
    await p.slot(later.id, at(5, 12), { therapyType: 'couple', partnerClientId: partner.id });
    // Вера: her last session was 90 days ago: archived.
    await p.slot(lapsed.id, at(-90), { status: 'completed' });
    // Галина: a session 30 days ago, none ahead: still active.
    await p.slot(recent.id, at(-30), { status: 'missed' });
    // A lapsed hold makes nobody a client.
    const holder = await p.client('Ева');
    await p.slot(holder.id, at(2), { status: 'expired' });

    const response = await t.app.inject({ url: '/api/v1/therapist/users?archived=false', headers: p.session.headers });
    expect(response.statusCode).toBe(200);
    const list = ZTherapistClientsResponseSchema.parse(response.json());
    expect(list.map((c) => c.first_name)).toEqual(['Анна', 'Борис', 'Галина']);
    const [anna, boris, galina] = list;
    expect(anna).toMatchObject({
      hashid: t.ctx.hashids.encode('user', weekly.id),
      name: 'Анна Тестова',
      therapy_type: 'single',
      sessions_done: 2,
      archived: false,
      avatar: null,
    });
    expect(anna?.next_session?.starts_at).toMatchObject({ at: at(3).toISOString(), time: '10:00' });
    expect(anna?.standing_slot).toMatchObject({
      time: '10:00',
      sessions_count: 2,
      weekday: anna?.next_session?.starts_at.weekday,
    });
    expect(anna?.standing_slot?.label).toMatch(/^по .+ в 10:00$/);
    expect(boris).toMatchObject({
      therapy_type: 'couple',
      partner_name: 'Дмитрий Тестова',
      standing_slot: null,
      sessions_done: 0,
    });
    expect(galina).toMatchObject({ next_session: null, archived: false });

    const archived = await t.app.inject({ url: '/api/v1/therapist/users?archived=true', headers: p.session.headers });
    expect(ZTherapistClientsResponseSchema.parse(archived.json()).map((c) => c.first_name)).toEqual(['Вера']);

    const v2 = await t.app.inject({ url: '/api/v2/therapist/users', headers: p.session.headers });
    expect(v2.statusCode).toBe(200);
    expect(ZTherapistClientsV2ResponseSchema.parse(v2.json()).data).toEqual(list);

    const bad = await t.app.inject({ url: '/api/v1/therapist/users?archived=maybe', headers: p.session.headers });
    expect(bad.statusCode).toBe(422);

    // A therapist who reads English gets the standing time in English; names stay as they are.
    const english = await t.app.inject({
      url: '/api/v1/therapist/users?archived=false',
      headers: { ...p.session.headers, 'accept-language': 'en' },
    });
    const [annaEn] = ZTherapistClientsResponseSchema.parse(english.json());
    expect(annaEn?.standing_slot?.label).toMatch(/^on (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days at 10:00$/);
    expect(annaEn?.name).toBe('Анна Тестова');
  });

  it('shows a therapist only their own clients; clients and business accounts get 403, nobody 401', async () => {
    const p = await practice();
    const mine = await p.client('Свой');
    await p.slot(mine.id, at(2));
    const other = await createTherapist(t.ctx.db);
    const stranger = await createClient(t.ctx.db, { firstName: 'Чужой' });
    await createSlot(t.ctx.db, { therapistId: other.id, clientId: stranger.id, startsAt: at(2, 14) });

    const list = await t.app.inject({ url: '/api/v1/therapist/users', headers: p.session.headers });
    expect(ZTherapistClientsResponseSchema.parse(list.json()).map((c) => c.first_name)).toEqual(['Свой']);

    const detail = await t.app.inject({
      url: `/api/v1/therapist/users/${t.ctx.hashids.encode('user', stranger.id)}`,
      headers: p.session.headers,
    });
    const unknown = await t.app.inject({ url: '/api/v1/therapist/users/nonsense', headers: p.session.headers });
    expect(detail.statusCode).toBe(404);
    expect(errorAnswerOf(detail)).toEqual(errorAnswerOf(unknown));
    expect(ZApiErrorSchema.parse(detail.json()).error.message).toBe('Клиент не найден');

    const asClient = await sessionOf(t, mine);
    const asBusiness = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    for (const url of ['/api/v1/therapist/users', '/api/v2/therapist/users', '/api/v1/therapist/sessions/upcoming']) {
      expect((await t.app.inject({ url, headers: asClient.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: asBusiness.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});

describe('GET /api/v1/therapist/users/:id', () => {
  it('gives the client page: answers, upcoming and past sessions with the post-session form', async () => {
    const p = await practice();
    const client = await p.client('Ирина');
    await t.ctx.db
      .insert(clientProfiles)
      .values({ userId: client.id, age: 34, therapyType: 'single', topicCodes: ['anxiety', 'no-such-code'] });
    const done = await p.slot(client.id, at(-7), { status: 'completed' });
    await t.ctx.db
      .insert(videoConnectionReports)
      .values({ slotId: done.id, therapistId: p.therapist.id, types: ['browser_desktop'], comment: 'Хорошо' });
    await p.slot(client.id, at(-3), { status: 'cancelled' });
    await p.slot(client.id, at(4));

    const response = await t.app.inject({
      url: `/api/v1/therapist/users/${t.ctx.hashids.encode('user', client.id)}`,
      headers: p.session.headers,
    });
    expect(response.statusCode).toBe(200);
    const page = ZTherapistClientDetailSchema.parse(response.json());
    expect(page.tz).toBe('UTC');
    expect(page.client.sessions_done).toBe(1);
    expect(page.answers.age).toBe(34);
    expect(page.answers.topics.map((o) => o.code)).toEqual(['anxiety']);
    expect(page.upcoming.map((s) => s.status)).toEqual(['booked']);
    expect(page.past.map((s) => s.status)).toEqual(['cancelled', 'completed']);
    expect(page.past[1]).toMatchObject({
      outcome: 'completed',
      correctable_until: null,
      post_session_form: { types: [{ key: 'browser_desktop', label: 'Браузер на компьютере' }], comment: 'Хорошо' },
    });

    const english = await t.app.inject({
      url: `/api/v1/therapist/users/${t.ctx.hashids.encode('user', client.id)}`,
      headers: { ...p.session.headers, 'accept-language': 'en' },
    });
    expect(ZTherapistClientDetailSchema.parse(english.json()).past[1]?.post_session_form).toEqual({
      types: [{ key: 'browser_desktop', label: 'Browser on a computer' }],
      comment: 'Хорошо',
    });
  });
});

describe('GET /api/v1/therapist/sessions/upcoming', () => {
  it('lists booked sessions from today to 7 days on with the call window, nothing else', async () => {
    const p = await practice();
    const client = await p.client('Олег');
    const soon = await p.slot(client.id, new Date(Date.now() + 30 * 60_000));
    await p.slot(client.id, at(3), { status: 'cancelled' });
    const week = await p.slot(client.id, at(6, 9));
    await p.slot(client.id, at(12));
    const response = await t.app.inject({ url: '/api/v1/therapist/sessions/upcoming', headers: p.session.headers });
    const body = ZTherapistUpcomingResponseSchema.parse(response.json());
    expect(body.sessions.map((s) => s.slot_hashid)).toEqual(
      [soon, week].map((s) => t.ctx.hashids.encode('slot', s.id)),
    );
    expect(body.sessions[0]?.client).toEqual({
      hashid: t.ctx.hashids.encode('user', client.id),
      name: 'Олег Тестова',
      partner_name: null,
    });
    expect(body.sessions[0]?.opens_at).toBe(new Date(soon.startsAt.getTime() - 10 * 60_000).toISOString());
  });
});
