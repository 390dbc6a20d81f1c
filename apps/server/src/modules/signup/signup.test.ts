import {
  ZApiErrorSchema,
  ZQuestionsResponseSchema,
  ZSignupProfileSchema,
  ZSignupQuestionsSchema,
  ZTherapyMethodsResponseSchema,
} from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, users } from '../../db/schema/index.ts';
import { createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function newClient() {
  const client = await createClient(t.ctx.db, { firstName: 'Ирина', signedUp: false });
  return { client, session: await signIn(t.app, client.email) };
}
const put = (url: string, session: TSignedIn, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: session.headers, payload: payload as object });
const get = (url: string, session: TSignedIn) => t.app.inject({ method: 'GET', url, headers: session.headers });

describe('sign-up profile', () => {
  it('saves each step and returns it after a reload', async () => {
    const { session } = await newClient();
    const saved = await put('/api/v1/user/signup/profile', session, {
      first_name: 'Ирина',
      last_name: 'Соколова',
      age: 29,
      tz: 'Asia/Vladivostok',
      therapy_type: 'single',
      step: 'topics',
    });
    expect(saved.statusCode).toBe(200);
    const again = ZSignupProfileSchema.parse((await get('/api/v1/user/signup/profile', session)).json());
    expect(again).toEqual({
      first_name: 'Ирина',
      last_name: 'Соколова',
      age: 29,
      tz: 'Asia/Vladivostok',
      therapy_type: 'single',
      step: 'topics',
    });
  });

  it.each([
    ['an age under 18', { age: 16 }, 'age', 'Сервис доступен с 18 лет'],
    ['an age as text', { age: 'тридцать' }, 'age', 'Укажите возраст числом'],
    ['an unknown time zone', { tz: 'Mars/Base' }, 'tz', 'Неизвестный часовой пояс'],
    ['an empty name', { first_name: ' ' }, 'first_name', 'Укажите имя'],
  ])('refuses %s and changes nothing', async (_name, payload, field, message) => {
    const { client, session } = await newClient();
    const response = await put('/api/v1/user/signup/profile', session, payload);
    expect(response.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(response.json()).error.fields?.[field]).toBe(message);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row).toMatchObject({ firstName: 'Ирина', tz: 'Europe/Moscow' });
  });

  it('refuses unknown fields, malformed JSON and a missing CSRF token', async () => {
    const { session } = await newClient();
    expect((await put('/api/v1/user/signup/profile', session, { role: 'therapist' })).statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/signup/profile',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: '{"age":',
    });
    expect(malformed.statusCode).toBe(400);
    const noCsrf = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/signup/profile',
      headers: { cookie: session.cookie },
      payload: { age: 40 },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('is for clients only', async () => {
    const therapist = await createTherapist(t.ctx.db);
    const session = await signIn(t.app, therapist.email);
    expect((await get('/api/v1/user/signup/profile', session)).statusCode).toBe(403);
    expect((await put('/api/v1/user/signup/questions', session, { topic_codes: [] })).statusCode).toBe(403);
  });
});

describe('sign-up questions', () => {
  it('asks topics for the chosen therapy type, with options from the taxonomies', async () => {
    const { session } = await newClient();
    const single = ZQuestionsResponseSchema.parse(
      (await get('/api/v1/user/questions?therapy_type=single', session)).json(),
    );
    const couple = ZQuestionsResponseSchema.parse(
      (await get('/api/v1/user/questions?therapy_type=couple', session)).json(),
    );
    const topics = (r: typeof single) => r.questions.find((q) => q.code === 'topic_codes')?.options.map((o) => o.code);
    expect(topics(single)).toContain('anxiety');
    expect(topics(couple)).toContain('conflicts');
    expect(topics(couple)).not.toContain('anxiety');
    expect((await get('/api/v1/user/questions?therapy_type=group', session)).statusCode).toBe(422);
    const methods = ZTherapyMethodsResponseSchema.parse((await get('/api/v1/user/therapy_methods', session)).json());
    expect(methods).toContainEqual({ code: 'cbt', label: 'Когнитивно-поведенческая терапия (КПТ)' });
  });

  it('saves answers step by step and marks the client signed up when finished', async () => {
    const { client, session } = await newClient();
    await put('/api/v1/user/signup/questions', session, { therapy_type: 'single', step: 'topics' });
    await put('/api/v1/user/signup/questions', session, { topic_codes: ['anxiety', 'burnout'], step: 'preferences' });
    const done = await put('/api/v1/user/signup/questions', session, {
      preferences: { therapist_sex: 'female', language_ids: ['ru'], therapist_age: { min: 30, max: 50 } },
      complete: true,
    });
    expect(done.statusCode).toBe(200);
    expect(ZSignupQuestionsSchema.parse((await get('/api/v1/user/signup/questions', session)).json())).toEqual({
      therapy_type: 'single',
      topic_codes: ['anxiety', 'burnout'],
      preferences: { therapist_sex: 'female', language_ids: ['ru'], therapist_age: { min: 30, max: 50 } },
      step: 'done',
      completed: true,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row?.signedUp).toBe(true);
  });

  it.each([
    ['a topic of the other therapy type', { therapy_type: 'single', topic_codes: ['conflicts'] }, 'topic_codes'],
    ['an unknown language', { preferences: { language_ids: ['xx'] } }, 'preferences.language_ids'],
    ['an unknown method', { preferences: { method_codes: ['hypnosis'] } }, 'preferences.method_codes'],
    ['an age range upside down', { preferences: { therapist_age: { min: 50, max: 30 } } }, 'preferences.therapist_age'],
    ['finishing without topics', { therapy_type: 'couple', complete: true }, 'topic_codes'],
  ])('refuses %s and saves nothing', async (_name, payload, field) => {
    const { client, session } = await newClient();
    const response = await put('/api/v1/user/signup/questions', session, payload);
    expect(response.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(response.json()).error.fields?.[field]).toMatch(/[а-яё]/i);
    const [profile] = await t.ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, client.id));
    expect(profile?.topicCodes ?? []).toEqual([]);
    expect(profile?.therapyType ?? null).toBeNull();
  });
});
