import {
  type TGenomUpdateInput,
  ZApiErrorSchema,
  ZGenomAlertSchema,
  ZGenomResponseSchema,
  ZSuggestionsResponseSchema,
  ZTherapistCurrentSchema,
} from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { therapists } from '../../db/schema/index.ts';
import { createBusinessAccount, createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const GENOM = '/api/v1/therapist/settings/genom';
const ALERT = '/api/v1/therapist/settings/genom_alert';

const fullGenom = (): TGenomUpdateInput => ({
  professions: ['ИТ-специалисты', 'Педагоги'],
  religion_groups: ['Атеисты и агностики'],
  special_groups: ['ЛГБТК+'],
  age_groups: ['25–34', '35–44'],
  cultural_groups: ['Недавно переехавшие'],
  address: 'Москва, Тверская, 1',
  offline_consultation: false,
  family_status: 'В браке',
  other_professions: 'Преподаватель',
  working_methods: ['cbt', 'act'],
  communication_format: ['Видео', 'Чат'],
  audio_consultation: true,
  medical_education: false,
  nutritional_expertise: false,
  desc: 'Работаю с тревогой и выгоранием.',
  language_ids: ['ru', 'en'],
  topics: ['anxiety', 'burnout'],
  couple_topics: [],
  dob: '1985-03-14',
});

async function therapistSession(genom: Record<string, unknown> = {}) {
  const therapist = await createTherapist(t.ctx.db, { genom: { language_ids: ['ru'], ...genom } });
  return { therapist, session: await signIn(t.app, therapist.email) };
}
const save = (session: TSignedIn, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: GENOM, headers: session.headers, payload: payload as object });

describe('therapist genom', () => {
  it('shows every field of both groups with counters per group, [filled, total]', async () => {
    const { session } = await therapistSession({
      professions: ['Педагоги', 'нет такого'],
      religion_groups: ['нет такого'],
      address: 'Казань',
      medical_education: false,
      dob: '1980-01-02',
    });
    const response = await t.app.inject({ method: 'GET', url: GENOM, headers: session.headers });
    expect(response.statusCode).toBe(200);
    const body = ZGenomResponseSchema.parse(response.json());
    // A stored answer the taxonomy does not know reads as not chosen.
    expect(body.genom.professions).toEqual(['Педагоги']);
    expect(body.genom).toMatchObject({ address: 'Казань', medical_education: false, dob: '1980-01-02', desc: null });
    expect(body.genom.language_ids).toEqual(['ru']);
    expect(body.genom_filled).toEqual({ about_clients: [1, 5], private_info: [2, 9] });
    // The dashboard counts the same answers the form shows.
    const current = ZTherapistCurrentSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/therapist/current', headers: session.headers })).json(),
    );
    expect(current.genom_filled).toEqual(body.genom_filled);
  });

  it('saves a full genom: counters become complete, the current therapist shows them, the alert goes away', async () => {
    const { session } = await therapistSession();
    expect(
      ZGenomAlertSchema.parse((await t.app.inject({ method: 'GET', url: ALERT, headers: session.headers })).json()),
    ).toEqual({
      success: true,
    });
    const response = await save(session, fullGenom());
    expect(response.statusCode).toBe(200);
    const body = ZGenomResponseSchema.parse(response.json());
    expect(body.genom_filled).toEqual({ about_clients: [5, 5], private_info: [9, 9] });
    expect(body.genom).toEqual(fullGenom());
    const again = ZGenomResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: GENOM, headers: session.headers })).json(),
    );
    expect(again).toEqual(body);
    const current = ZTherapistCurrentSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/therapist/current', headers: session.headers })).json(),
    );
    expect(current.genom_filled).toEqual({ about_clients: [5, 5], private_info: [9, 9] });
    const alert = await t.app.inject({ method: 'GET', url: ALERT, headers: session.headers });
    expect(alert.json()).toEqual({ success: false });
  });

  it('refuses codes outside the taxonomies, long texts and impossible dates, per field in Russian, and keeps the genom', async () => {
    const { therapist, session } = await therapistSession({ address: 'Сочи' });
    const response = await save(session, {
      ...fullGenom(),
      professions: ['Космонавты'],
      working_methods: ['cbt', 'cbt'],
      family_status: 'Сложно',
      language_ids: [],
      address: 'а'.repeat(301),
      audio_consultation: 'да',
      dob: '1985-02-30',
    });
    expect(response.statusCode).toBe(422);
    const { error } = ZApiErrorSchema.parse(response.json());
    expect(error.fields).toEqual({
      professions: 'Есть вариант не из списка',
      working_methods: 'Вариант выбран дважды',
      family_status: 'Выберите вариант из списка',
      language_ids: 'Выберите хотя бы один язык',
      address: 'Не длиннее 300 символов',
      audio_consultation: 'Ответьте «да» или «нет»',
      dob: 'Такой даты нет',
    });
    const [row] = await t.ctx.db.select().from(therapists).where(eq(therapists.userId, therapist.id));
    expect(row?.genom).toEqual({ language_ids: ['ru'], address: 'Сочи' });
  });

  it('refuses an age out of range, unknown fields, missing fields and malformed JSON', async () => {
    const { session } = await therapistSession();
    const young = await save(session, { ...fullGenom(), dob: `${new Date().getUTCFullYear() - 19}-01-01` });
    expect(ZApiErrorSchema.parse(young.json()).error.fields).toEqual({ dob: 'Возраст должен быть от 21 до 90 лет' });
    const extra = await save(session, { ...fullGenom(), salary: 1 });
    expect(extra.statusCode).toBe(422);
    const { desc: _desc, ...missing } = fullGenom();
    const partial = await save(session, missing);
    expect(partial.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(partial.json()).error.fields).toHaveProperty('desc');
    const malformed = await t.app.inject({
      method: 'PUT',
      url: GENOM,
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"desc":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('turns empty texts into no answer', async () => {
    const { session } = await therapistSession();
    const body = ZGenomResponseSchema.parse((await save(session, { ...fullGenom(), address: '   ', desc: '' })).json());
    expect(body.genom.address).toBeNull();
    expect(body.genom.desc).toBeNull();
    expect(body.genom_filled.private_info).toEqual([8, 9]);
  });

  it('answers 401 without a session, 403 to clients, business accounts and without CSRF', async () => {
    expect((await t.app.inject({ method: 'GET', url: GENOM })).statusCode).toBe(401);
    const client = await signIn(t.app, (await createClient(t.ctx.db)).email);
    const business = await signIn(t.app, (await createBusinessAccount(t.ctx.db)).email);
    for (const session of [client, business]) {
      for (const [method, url] of [
        ['GET', GENOM],
        ['PUT', GENOM],
        ['GET', ALERT],
        ['DELETE', ALERT],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: session.headers,
          payload: method === 'PUT' ? fullGenom() : undefined,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const { session } = await therapistSession();
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: GENOM,
      headers: { cookie: session.cookie },
      payload: fullGenom(),
    });
    expect(noCsrf.statusCode).toBe(403);
    const noCsrfDelete = await t.app.inject({ method: 'DELETE', url: ALERT, headers: { cookie: session.cookie } });
    expect(noCsrfDelete.statusCode).toBe(403);
  });
});

describe('genom alert', () => {
  it('is cleared by deletion for 30 days while the genom is incomplete', async () => {
    const { therapist, session } = await therapistSession();
    const dismissed = await t.app.inject({ method: 'DELETE', url: ALERT, headers: session.headers });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ success: false });
    expect((await t.app.inject({ method: 'GET', url: ALERT, headers: session.headers })).json()).toEqual({
      success: false,
    });
    await t.ctx.db
      .update(therapists)
      .set({ genomAlertDismissedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(therapists.userId, therapist.id));
    expect((await t.app.inject({ method: 'GET', url: ALERT, headers: session.headers })).json()).toEqual({
      success: true,
    });
  });
});

describe('genom and matching', () => {
  it('a saved change shows in the suggestions of the next analysis', async () => {
    const { therapist, session } = await therapistSession({ topics: [] });
    await t.ctx.db.update(therapists).set({ couple: true }).where(eq(therapists.userId, therapist.id));
    const client = await signIn(t.app, (await createClient(t.ctx.db)).email);
    const answered = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/signup/questions',
      headers: client.headers,
      payload: {
        therapy_type: 'couple',
        topic_codes: ['conflicts', 'trust'],
        preferences: { language_ids: ['he'] },
        complete: true,
      },
    });
    expect(answered.statusCode).toBe(200);
    const suggested = async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/therapist_ai_analyses',
        headers: client.headers,
      });
      expect(response.statusCode).toBe(200);
      return ZSuggestionsResponseSchema.parse(response.json()).suggestions.map((s) => s.therapist.id);
    };
    const id = t.ctx.hashids.encode('user', therapist.id);
    expect(await suggested()).not.toContain(id);

    const saved = await save(session, {
      ...fullGenom(),
      language_ids: ['ru', 'he'],
      couple_topics: ['conflicts', 'trust', 'crisis', 'separation', 'intimacy', 'coparenting', 'household'],
    });
    expect(saved.statusCode).toBe(200);
    expect(await suggested()).toContain(id);
  });
});
