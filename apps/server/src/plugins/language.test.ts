import {
  ZApiErrorSchema,
  ZClientSlotsResponseSchema,
  ZFreeSlotsResponseSchema,
  ZQuestionsResponseSchema,
  ZTherapyMethodsResponseSchema,
  ZUserMeResponseSchema,
} from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { createClient } from '../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';
import { bookingWorld, bookThroughApi, sessionOf } from '../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const CYRILLIC = /[\u0400-\u04FF]/;
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const RU = { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' };

describe('the language of an answer', () => {
  it('gives errors and their field messages in English to an English request, in Russian to a Russian one', async () => {
    const signIn = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        headers,
        payload: { email: 'nobody-lang@example.test', password: 'wrong-password-1' },
      });
    const en = await signIn(EN);
    expect(en.statusCode).toBe(401);
    expect(ZApiErrorSchema.parse(en.json()).error.message).toBe('Wrong e-mail or password');
    expect(en.headers['content-language']).toBe('en');
    expect(String(en.headers.vary)).toMatch(/Accept-Language/i);
    const ru = await signIn(RU);
    expect(ZApiErrorSchema.parse(ru.json()).error.message).toBe('Неверный e-mail или пароль');

    const badSignUp = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/sign_up', headers, payload: { email: 'not-an-email' } });
    const enFields = ZApiErrorSchema.parse((await badSignUp(EN)).json()).error;
    expect(enFields.message).toBe('Please check the fields');
    expect(enFields.fields?.email).toBe('Enter a valid e-mail');
    expect(Object.values(enFields.fields ?? {}).join(' ')).not.toMatch(CYRILLIC);
    const ruFields = ZApiErrorSchema.parse((await badSignUp(RU)).json()).error;
    expect(ruFields.fields?.email).toBe('Укажите корректный e-mail');
  });

  it('names therapy methods and questionnaire options from the taxonomy in the language asked', async () => {
    const client = await createClient(t.ctx.db, { signedUp: false });
    const session = await sessionOf(t, client);
    const methods = async (headers: Record<string, string>) =>
      ZTherapyMethodsResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/user/therapy_methods',
            headers: { ...session.headers, ...headers },
          })
        ).json(),
      );
    expect((await methods(EN)).find((m) => m.code === 'cbt')?.label).toBe('Cognitive behavioural therapy (CBT)');
    expect((await methods(RU)).find((m) => m.code === 'cbt')?.label).toBe('Когнитивно-поведенческая терапия (КПТ)');
    // No header at all: Russian, the product's default.
    expect((await methods({})).find((m) => m.code === 'cbt')?.label).toBe('Когнитивно-поведенческая терапия (КПТ)');

    const questions = ZQuestionsResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/user/questions?therapy_type=single',
          headers: { ...session.headers, ...EN },
        })
      ).json(),
    );
    expect(questions.questions[0]?.title).toBe('What is troubling you?');
    expect(questions.questions[0]?.options.find((o) => o.code === 'anxiety')?.label).toBe('Anxiety');
    expect(JSON.stringify(questions)).not.toMatch(CYRILLIC);
  });

  it('writes slot labels and the cancel policy in the language asked', async () => {
    const w = await bookingWorld(t);
    await bookThroughApi(t, w, 3, 10);
    const slotsIn = async (headers: Record<string, string>) =>
      ZClientSlotsResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/user/slots',
            headers: { ...w.session.headers, ...headers },
          })
        ).json(),
      ).upcoming[0];
    const en = await slotsIn(EN);
    expect(en?.starts_at_label).toMatch(/^\d{2}\.\d{2}\.\d{4} at 10:00$/);
    expect(en?.cancel_policy.message).toMatch(/^Free cancellation until \d{2}\.\d{2}\.\d{4} at 10:00$/);
    const ru = await slotsIn(RU);
    expect(ru?.starts_at_label).toMatch(/^\d{2}\.\d{2}\.\d{4} в 10:00$/);
    expect(ru?.cancel_policy.message).toMatch(/^Бесплатная отмена до /);

    const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const free = ZFreeSlotsResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/user/therapists/${w.therapistId}/free_slots?from=${day(4)}&to=${day(5)}`,
          headers: { ...w.session.headers, ...EN },
        })
      ).json(),
    );
    const labels = free.days.flatMap((d) => d.slots.map((slot) => slot.label));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^\d{2}\.\d{2}\.\d{4} at \d{2}:\d{2}$/);
  });

  it("answers in the user's saved language whatever the browser asks, once they choose one", async () => {
    const client = await createClient(t.ctx.db, { signedUp: false });
    const session = await sessionOf(t, client);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/language',
      headers: { ...session.headers, ...RU },
      payload: { language: 'en' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ language: 'en' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, client.id));
    expect(row?.language).toBe('en');
    const methods = ZTherapyMethodsResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/user/therapy_methods',
          headers: { ...session.headers, ...RU },
        })
      ).json(),
    );
    expect(methods.find((m) => m.code === 'gestalt')?.label).toBe('Gestalt therapy');
    // The web reads it to start in the same language on any device.
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: session.headers });
    expect(ZUserMeResponseSchema.parse(me.json()).language).toBe('en');

    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/language',
      headers: { ...session.headers, ...EN },
      payload: { language: 'de' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(ZApiErrorSchema.parse(wrong.json()).error.fields?.language).toBe('Choose a language: ru or en');
  });
});
