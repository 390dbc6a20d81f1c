import { CONSENT_VERSION, ZApiErrorSchema, ZSignInResponseSchema } from '@therapy/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createClient, uniqueEmail } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const signUp = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign_up', payload: payload as object });
const valid = () => ({
  email: uniqueEmail('signup'),
  password: 'тихий-вечер-у-реки',
  first_name: 'Ирина',
  tz: 'Asia/Vladivostok',
  consent: true,
  consent_version: CONSENT_VERSION,
});
const userCount = async () => (await t.ctx.db.select({ n: count() }).from(users))[0]?.n;

describe('POST /api/v1/auth/sign_up', () => {
  it('creates a signed-in client and stores the consent version and time', async () => {
    const input = valid();
    const response = await signUp(input);
    expect(response.statusCode).toBe(200);
    const body = ZSignInResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ role: 'client', email: input.email, tz: 'Asia/Vladivostok', signed_up: false });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(row?.consentVersion).toBe(CONSENT_VERSION);
    expect(row?.consentAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      cookies: { sid: response.cookies[0]?.value ?? '' },
    });
    expect(me.statusCode).toBe(200);
  });

  it('stores the currency preselected on the form; roubles without one', async () => {
    const euros = valid();
    expect((await signUp({ ...euros, currency: 'eur' })).statusCode).toBe(200);
    const plain = valid();
    expect((await signUp(plain)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(users).where(sql`${users.email} in (${euros.email}, ${plain.email})`);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.currency]))).toEqual({
      [euros.email]: 'eur',
      [plain.email]: 'rub',
    });
  });

  it('falls back to Moscow time for an unknown time zone', async () => {
    const response = await signUp({ ...valid(), tz: 'Mars/Olympus' });
    expect(ZSignInResponseSchema.parse(response.json()).user.tz).toBe('Europe/Moscow');
  });

  it.each([
    [
      'a password shorter than 10 characters',
      { password: 'short-1' },
      422,
      'password',
      'Пароль должен быть не короче 10 символов',
    ],
    [
      'one of the most common passwords',
      { password: 'qwertyuiop' },
      422,
      'password',
      'Этот пароль слишком распространён, выберите другой',
    ],
    [
      'no consent',
      { consent: false },
      422,
      'consent',
      'Нужно согласие на обработку персональных данных и данных о здоровье',
    ],
    ['a missing first name', { first_name: '   ' }, 422, 'first_name', 'Укажите имя'],
    ['an invalid e-mail', { email: 'mail@' }, 422, 'email', 'Укажите корректный e-mail'],
  ])('refuses %s and stores nothing', async (_name, change, status, field, message) => {
    const before = await userCount();
    const response = await signUp({ ...valid(), ...change });
    expect(response.statusCode).toBe(status);
    expect(ZApiErrorSchema.parse(response.json()).error.fields?.[field]).toBe(message);
    expect(response.cookies).toHaveLength(0);
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail that is taken, whatever its case', async () => {
    const existing = await createClient(t.ctx.db);
    const before = await userCount();
    const response = await signUp({ ...valid(), email: existing.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(ZApiErrorSchema.parse(response.json()).error).toMatchObject({
      code: 'email_taken',
      message: 'Этот e-mail уже зарегистрирован',
    });
    expect(await userCount()).toBe(before);
    const [{ n } = { n: 0 }] = await t.ctx.db
      .select({ n: count() })
      .from(users)
      .where(eq(sql`lower(${users.email})`, existing.email));
    expect(n).toBe(1);
  });

  it('refuses malformed JSON and an outdated consent text', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    const outdated = await signUp({ ...valid(), consent_version: '2020-01-01' });
    expect(outdated.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(outdated.json()).error.code).toBe('consent_required');
  });
});
