import { CONSENT_VERSION, ZApiErrorSchema } from '@therapy/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessAccount, createClient, DEMO_PASSWORD, uniqueEmail } from '../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';
import { sessionOf } from '../test/booking-world.ts';

const OURS = 'https://therapy.example';
const FOREIGN = 'https://evil.example';

let t: TTestApp;
let dev: TTestApp;
let email: string;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: `${OURS}/` });
  dev = await buildTestApp({ APP_ENV: 'development' });
  email = (await createClient(t.ctx.db)).email;
});
afterAll(async () => {
  await t.app.close();
  await dev.app.close();
});

function expectRefused(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const body = ZApiErrorSchema.strict().parse(response.json());
  expect(body.error.message).toMatch(/[а-яё]/i);
  expect(response.cookies).toEqual([]);
}

const formSignIn = (headers: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/auth/sign_in',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  payload: new URLSearchParams({ email, password: DEMO_PASSWORD }).toString(),
});
const jsonSignIn = (headers: Record<string, string>): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/auth/sign_in',
  headers,
  payload: { email, password: DEMO_PASSWORD },
});

describe('a state-changing request sent by another site', () => {
  it('is refused with 403 for a form-encoded sign-in from a foreign Origin (login CSRF)', async () => {
    expectRefused(await t.app.inject(formSignIn({ origin: FOREIGN })), 403);
  });

  it('is refused for a JSON sign-in and a sign-up from a foreign Origin, and nobody is created', async () => {
    expectRefused(await t.app.inject(jsonSignIn({ origin: FOREIGN })), 403);
    const newEmail = uniqueEmail('csrf');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      headers: { origin: FOREIGN },
      payload: {
        email: newEmail,
        password: 'тихий-вечер-у-реки',
        first_name: 'Ира',
        consent: true,
        consent_version: CONSENT_VERSION,
      },
    });
    expectRefused(signUp, 403);
    const later = await t.app.inject(jsonSignIn({}));
    expect(later.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign_in',
          payload: { email: newEmail, password: 'тихий-вечер-у-реки' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('is refused when only Sec-Fetch-Site says cross-site, and for an opaque Origin', async () => {
    expectRefused(await t.app.inject(jsonSignIn({ 'sec-fetch-site': 'cross-site' })), 403);
    expectRefused(await t.app.inject(jsonSignIn({ origin: 'null' })), 403);
    expectRefused(await t.app.inject(jsonSignIn({ origin: 'null', 'sec-fetch-site': 'cross-site' })), 403);
  });

  it('passes an opaque Origin that Sec-Fetch-Site says is ours: a form post from our own no-referrer page', async () => {
    expect((await t.app.inject(jsonSignIn({ origin: 'null', 'sec-fetch-site': 'same-origin' }))).statusCode).toBe(200);
  });

  it('is refused for a signed-in client with a valid CSRF token', async () => {
    const session = await sessionOf(t, await createClient(t.ctx.db));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/promocode',
      headers: { ...session.headers, origin: FOREIGN },
      payload: { code: 'SALE' },
    });
    expectRefused(response, 403);
  });

  it('passes from our own origin (PUBLIC_URL), from the same origin per Sec-Fetch-Site, and without those headers', async () => {
    expect((await t.app.inject(jsonSignIn({ origin: OURS }))).statusCode).toBe(200);
    expect((await t.app.inject(jsonSignIn({ 'sec-fetch-site': 'same-origin' }))).statusCode).toBe(200);
    expect((await t.app.inject(jsonSignIn({}))).statusCode).toBe(200);
  });

  it('passes in development from the address the browser used to reach the server, and no other', async () => {
    const devEmail = (await createClient(dev.ctx.db)).email;
    const signIn = (origin: string) =>
      dev.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        headers: { host: '192.168.1.20:3000', origin },
        payload: { email: devEmail, password: DEMO_PASSWORD },
      });
    expect((await signIn('http://192.168.1.20:3000')).statusCode).toBe(200);
    expectRefused(await signIn('http://192.168.1.20:4000'), 403);
  });

  it('reads are not refused', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: FOREIGN } });
    expect(response.statusCode).toBe(200);
  });

  it("does not apply to payment webhooks, which the providers' servers send (the signature is their credential)", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhooks/sandbox',
      headers: { origin: FOREIGN, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a JSON route given another content type', () => {
  for (const [name, contentType, payload] of [
    ['a form', 'application/x-www-form-urlencoded', `email=${encodeURIComponent('a@b.cd')}&password=x`],
    ['text/plain', 'text/plain', '{"email":"a@b.cd","password":"x"}'],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--\r\n',
    ],
  ] as const) {
    it(`refuses ${name} with 415 in our shape`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_in',
        headers: { 'content-type': contentType },
        payload,
      });
      expectRefused(response, 415);
    });
  }

  it('a form-encoded sign-in without an Origin is refused too (415), so no page can sign anyone in', async () => {
    expectRefused(await t.app.inject(formSignIn({})), 415);
  });

  it('takes JSON with a charset, and the business logout still takes its form', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(json.statusCode).toBe(200);
    const session = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/business/auth/logout',
      headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: OURS },
      payload: new URLSearchParams({ authenticity_token: session.csrf }).toString(),
    });
    expect(logout.statusCode, logout.body).toBe(200);
  });
});
