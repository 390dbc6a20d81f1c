import {
  ZApiErrorSchema,
  ZSuggestionsCountSchema,
  ZSuggestionsResponseSchema,
  ZTherapistCardSchema,
} from '@therapy/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { therapistSuggestions } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createPass, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createPass(t.ctx.db, {
    tier: 'expert',
    therapyType: 'couple',
    sessionsCount: 1,
    priceRub: 7_000_00,
    priceEur: 80_00,
  });
});
afterAll(() => t.app.close());

const genom = (topics: string[], extra: Record<string, unknown> = {}) => ({
  topics,
  working_methods: ['eft', 'systemic_family'],
  language_ids: ['ru'],
  dob: '1980-04-02',
  desc: 'Помогаю парам услышать друг друга.',
  ...extra,
});

async function answer(session: TSignedIn, payload: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/signup/questions',
    headers: session.headers,
    payload: { ...payload, complete: true },
  });
  expect(response.statusCode).toBe(200);
}
const analyse = (session: TSignedIn) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/therapist_ai_analyses', headers: session.headers });

describe('matching', () => {
  it('suggests only women who work with couples to a client who asked for that, best match first, with reasons', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    // A unique topic mix keeps this test's therapists on top whatever other tests created.
    const best = await createTherapist(t.ctx.db, {
      firstName: `Лучшая-${tag}`,
      female: true,
      couple: true,
      practiceStart: '2008-01-01',
      genom: genom(['conflicts', 'trust', 'crisis']),
    });
    await t.ctx.db.execute(`update therapists set tier = 'expert' where user_id = ${best.id}`);
    const good = await createTherapist(t.ctx.db, {
      female: true,
      couple: true,
      practiceStart: '2022-01-01',
      genom: genom(['conflicts']),
    });
    const man = await createTherapist(t.ctx.db, {
      female: false,
      couple: true,
      genom: genom(['conflicts', 'trust', 'crisis']),
    });
    const singleOnly = await createTherapist(t.ctx.db, {
      female: true,
      couple: false,
      genom: genom(['conflicts', 'trust', 'crisis']),
    });

    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    await answer(session, {
      therapy_type: 'couple',
      topic_codes: ['conflicts', 'trust', 'crisis'],
      preferences: { therapist_sex: 'female' },
    });
    const response = await analyse(session);
    expect(response.statusCode).toBe(200);
    const { suggestions } = ZSuggestionsResponseSchema.parse(response.json());
    const ids = suggestions.map((s) => s.therapist.id);
    const hashid = (id: number) => t.ctx.hashids.encode('user', id);
    expect(ids).not.toContain(hashid(man.id));
    expect(ids).not.toContain(hashid(singleOnly.id));
    expect(suggestions.every((s) => s.therapist.female && s.therapist.couple)).toBe(true);
    expect(ids.indexOf(hashid(best.id))).toBeLessThan(ids.indexOf(hashid(good.id)));
    const top = suggestions.find((s) => s.therapist.id === hashid(best.id));
    expect(top?.reasons).toContain('Работает с парами');
    expect(top?.reasons).toContain('Женщина, как вы и хотели');
    expect(top?.therapist.price).toEqual({ amount: 7_000_00, currency: 'rub' });

    // The ranking is kept and counted, and a second analysis gives the same order.
    const kept = ZSuggestionsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/suggestions', headers: session.headers })).json(),
    );
    expect(kept.suggestions.map((s) => s.therapist.id)).toEqual(ids);
    const count = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/suggestions_count',
      headers: session.headers,
    });
    // The count is of every therapist matching the answers; the list keeps the best of them.
    expect(count.json().count).toBeGreaterThanOrEqual(suggestions.length);
    const again = ZSuggestionsResponseSchema.parse((await analyse(session)).json());
    expect(again.suggestions.map((s) => s.therapist.id)).toEqual(ids);
  });

  it('counts the therapists matching the saved answers live, before any analysis, as each answer changes', async () => {
    const client = await createClient(t.ctx.db, { signedUp: false });
    const session = await signIn(t.app, client.email);
    const countNow = async () =>
      ZSuggestionsCountSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/v1/user/suggestions_count', headers: session.headers })).json(),
      ).count;
    // Hebrew-speaking men over 70 who work with couples: nobody else's tests make them.
    const ask = (therapist_sex: 'male' | 'female') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/signup/questions',
        headers: session.headers,
        payload: {
          therapy_type: 'couple',
          topic_codes: ['trust'],
          preferences: { therapist_sex, language_ids: ['he'], therapist_age: { min: 70, max: 90 } },
          step: 'preferences',
        },
      });
    expect((await ask('male')).statusCode).toBe(200);
    const before = await countNow();
    await createTherapist(t.ctx.db, {
      female: false,
      couple: true,
      genom: genom(['trust'], { language_ids: ['he'], dob: `${new Date().getUTCFullYear() - 75}-01-01` }),
    });
    expect(await countNow()).toBe(before + 1);
    expect((await ask('female')).statusCode).toBe(200);
    expect(await countNow()).toBe(before);
    expect(await t.ctx.db.$count(therapistSuggestions, eq(therapistSuggestions.userId, client.id))).toBe(0);
  });

  it('asks for the questionnaire first', async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    const response = await analyse(session);
    expect(response.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(response.json()).error.message).toContain('ответьте на вопросы анкеты');
  });

  it('refuses a missing CSRF token and other roles', async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/therapist_ai_analyses',
      headers: { cookie: session.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    const account = await createBusinessAccount(t.ctx.db);
    expect((await analyse(await signIn(t.app, account.email))).statusCode).toBe(403);
  });
});

describe('therapist card', () => {
  it('shows experience, methods and languages with labels', async () => {
    const therapist = await createTherapist(t.ctx.db, {
      practiceStart: '2015-03-01',
      genom: genom(['anxiety'], { language_ids: ['ru', 'en'] }),
    });
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/therapists/${t.ctx.hashids.encode('user', therapist.id)}`,
      headers: session.headers,
    });
    const card = ZTherapistCardSchema.parse(response.json());
    expect(card.experience_years).toBeGreaterThanOrEqual(11);
    expect(card.languages.map((l) => l.label)).toEqual(['Русский', 'Английский']);
    expect(card.methods.map((m) => m.code)).toEqual(['eft', 'systemic_family']);
    expect(card.description).toBe('Помогаю парам услышать друг друга.');
  });

  it('shows education entries staff have not rejected, without their documents', async () => {
    const therapist = await createTherapist(t.ctx.db, {
      genom: genom(['anxiety']),
      education: [
        { title: 'Психология', institution: 'МГУ', year: 2010, verification: 'verified', documentId: null },
        { title: 'Курс выходного дня', institution: 'Неизвестно', year: 2020, verification: 'rejected' },
        { title: 'Схема-терапия', institution: 'ISST', year: 2021, verification: 'pending' },
      ],
    });
    const session = await signIn(t.app, (await createClient(t.ctx.db)).email);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/therapists/${t.ctx.hashids.encode('user', therapist.id)}`,
      headers: session.headers,
    });
    expect(ZTherapistCardSchema.parse(response.json()).education).toEqual([
      { title: 'Психология', institution: 'МГУ', year: 2010 },
      { title: 'Схема-терапия', institution: 'ISST', year: 2021 },
    ]);
    expect(response.body).not.toContain('verification');
  });

  it('answers 404 for a client id, a garbled id and a number', async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    for (const id of [t.ctx.hashids.encode('user', client.id), 'garbled', String(client.id)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/therapists/${id}`,
        headers: session.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(ZApiErrorSchema.parse(response.json()).error.message).toBe('Психолог не найден');
    }
  });

  it('runs one analysis at a time per client: concurrent calls all succeed and leave one ranking', async () => {
    await createTherapist(t.ctx.db, { female: true, couple: true, genom: genom(['conflicts', 'trust']) });
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    await answer(session, { therapy_type: 'couple', topic_codes: ['conflicts', 'trust'] });

    const responses = await Promise.all(Array.from({ length: 4 }, () => analyse(session)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rankings = responses.map((r) => ZSuggestionsResponseSchema.parse(r.json()).suggestions);
    const ranking = rankings[0] ?? [];
    expect(ranking.length).toBeGreaterThan(0);
    for (const other of rankings) expect(other).toEqual(ranking);

    const rows = await t.ctx.db
      .select({ therapistId: therapistSuggestions.therapistId, n: count() })
      .from(therapistSuggestions)
      .where(eq(therapistSuggestions.userId, client.id))
      .groupBy(therapistSuggestions.therapistId);
    expect(rows).toHaveLength(ranking.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });
});
