import { CONSENT_VERSION, UNSAFE_TEXT_MESSAGE } from '@therapy/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createSlot, createTherapist, uniqueEmail } from '../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';
import { sessionOf, type TSession } from '../test/booking-world.ts';

let t: TTestApp;
let client: TSession;
let therapist: TSession;
let slotHashid: string;
beforeAll(async () => {
  t = await buildTestApp();
  const clientRow = await createClient(t.ctx.db, { signedUp: true });
  const therapistRow = await createTherapist(t.ctx.db);
  // A session going on now: the call's post-session and log routes accept it.
  const slot = await createSlot(t.ctx.db, {
    therapistId: therapistRow.id,
    clientId: clientRow.id,
    startsAt: new Date(Date.now() - 20 * 60_000),
  });
  slotHashid = t.ctx.hashids.encode('slot', slot.id);
  client = await sessionOf(t, clientRow);
  therapist = await sessionOf(t, therapistRow);
});
afterAll(() => t.app.close());

const NUL = 'Ир\u0000ина';
const LONE = 'Ир\ud800ина';

async function expectRefused(options: InjectOptions, field: string) {
  const response = await t.app.inject(options);
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({
    error: {
      code: 'validation_failed',
      message: expect.any(String),
      fields: { [field]: UNSAFE_TEXT_MESSAGE },
      request_id: expect.any(String),
    },
  });
}

describe('a NUL byte or a lone surrogate in any string of a request', () => {
  for (const [name, bad] of [
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE],
  ] as const) {
    it(`is refused with 422 in sign-up's first_name (${name}), and nobody is created`, async () => {
      const email = uniqueEmail('nul');
      await expectRefused(
        {
          method: 'POST',
          url: '/api/v1/auth/sign_up',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            email,
            password: 'тихий-вечер-у-реки',
            first_name: bad,
            consent: true,
            consent_version: CONSENT_VERSION,
          }),
        },
        'first_name',
      );
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        payload: { email, password: 'тихий-вечер-у-реки' },
      });
      expect(signIn.statusCode).toBe(401);
    });
  }

  it('is refused in the profile answers', () =>
    expectRefused(
      {
        method: 'PUT',
        url: '/api/v1/user/signup/profile',
        headers: client.headers,
        payload: { first_name: 'Ирина', last_name: NUL, age: 30, sex: 'female', tz: 'Europe/Moscow' },
      },
      'last_name',
    ));

  it('is refused in a promo code', () =>
    expectRefused(
      { method: 'POST', url: '/api/v1/user/promocode', headers: client.headers, payload: { code: 'SALE\u0000' } },
      'code',
    ));

  it('is refused in a video-quality comment', () =>
    expectRefused(
      {
        method: 'POST',
        url: '/api/v1/user/slot/video_quality',
        headers: client.headers,
        payload: { slot_hashid: slotHashid, rating: 4, comment: NUL },
      },
      'comment',
    ));

  it("is refused in the therapist's user_connected_types comment and in its query", async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/therapist/slot/user_connected_types',
        headers: therapist.headers,
        payload: { slot_hashid: slotHashid, types: ['browser'], comment: NUL },
      },
      'comment',
    );
    await expectRefused(
      {
        method: 'GET',
        url: `/api/v1/therapist/slot/user_connected_types?slot_hashid=${encodeURIComponent(NUL)}`,
        headers: therapist.headers,
      },
      'slot_hashid',
    );
  });

  it('is refused in the events of the slot log and the analytics, keys of their data included', async () => {
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/user/slot/log',
        headers: client.headers,
        payload: { slot_hashid: slotHashid, events: [{ type: 'joined', message: NUL }] },
      },
      'events.0.message',
    );
    await expectRefused(
      {
        method: 'POST',
        url: '/api/v1/therapist/slot/analytics',
        headers: { ...therapist.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ slot_hashid: slotHashid, events: [{ type: 'note', data: { [NUL]: 1 } }] }),
      },
      'events.0.data',
    );
  });

  it('is refused in a path segment', () =>
    expectRefused({ method: 'GET', url: '/api/v1/user/slots/ab%00cd', headers: client.headers }, 'id'));

  it('is refused in the sandbox checkout address, which is not a contract route', () =>
    expectRefused({ method: 'GET', url: '/sandbox/checkout/tok%00en' }, 'token'));

  it('still asks for a session first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/slots/ab%00cd' });
    expect(response.statusCode).toBe(401);
  });
});
