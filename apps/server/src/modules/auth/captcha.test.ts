import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_VERSION, ZApiErrorSchema, ZAppGlobalSchema, ZSignInResponseSchema } from '@therapy/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createClient, DEMO_PASSWORD, uniqueEmail } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { startFakeCaptchaProvider, type TFakeCaptchaProvider } from '../../test/fake-captcha-provider.ts';

const SECRET = 'turnstile-secret-of-the-auth-test';
let fake: TFakeCaptchaProvider;
let t: TTestApp;
let off: TTestApp;
beforeAll(async () => {
  fake = await startFakeCaptchaProvider(SECRET);
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body></body></html>');
  t = await buildTestApp({
    WEB_DIST_DIR: dist,
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: '0x4AAAAAAA-site-key',
    CAPTCHA_SECRET_KEY: SECRET,
    CAPTCHA_VERIFY_URL: `${fake.origin}/turnstile/v0/siteverify`,
    CAPTCHA_VERIFY_TIMEOUT_MS: '300',
    CAPTCHA_SIGN_IN_AFTER_FAILURES: '2',
  });
  off = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await Promise.all([t.app.close(), off.app.close(), fake.close()]);
});
beforeEach(() => {
  fake.mode = 'ok';
});

const post = (app: TTestApp, url: string, payload: object) => app.app.inject({ method: 'POST', url, payload });
const signUpBody = (extra: object = {}) => ({
  email: uniqueEmail('captcha-signup'),
  password: 'тихий-вечер-у-реки',
  first_name: 'Ирина',
  consent: true,
  consent_version: CONSENT_VERSION,
  ...extra,
});
const errorOf = (response: { json: () => unknown }) => ZApiErrorSchema.parse(response.json()).error;
const accounts = async (email: string) =>
  (await t.ctx.db.select({ n: count() }).from(users).where(eq(users.email, email)))[0]?.n;

describe('the captcha plugin on sign-up', () => {
  it('refuses a sign-up without a token or with a refused one, creating nothing; a good token signs up', async () => {
    const missing = signUpBody();
    const noToken = await post(t, '/api/v1/auth/sign_up', missing);
    expect(noToken.statusCode).toBe(422);
    expect(errorOf(noToken)).toMatchObject({
      code: 'captcha_required',
      message: 'Подтвердите, что вы не робот: пройдите проверку в форме и отправьте её снова',
    });
    expect(await accounts(missing.email)).toBe(0);

    const forged = signUpBody({ captcha_token: 'forged' });
    const refused = await post(t, '/api/v1/auth/sign_up', forged);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('captcha_failed');
    expect(await accounts(forged.email)).toBe(0);

    fake.goodTokens.add('good-signup');
    const good = signUpBody({ captcha_token: 'good-signup' });
    const ok = await post(t, '/api/v1/auth/sign_up', good);
    expect(ok.statusCode).toBe(200);
    expect(ZSignInResponseSchema.parse(ok.json()).user.email).toBe(good.email);
    expect(fake.requests.at(-1)?.form).toMatchObject({
      secret: SECRET,
      response: 'good-signup',
      remoteip: '127.0.0.1',
    });
  });

  it('answers 503 in Russian when the provider is too slow, and creates nothing', async () => {
    fake.mode = 'slow';
    fake.goodTokens.add('slow-signup');
    const body = signUpBody({ captcha_token: 'slow-signup' });
    const response = await post(t, '/api/v1/auth/sign_up', body);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toMatchObject({ code: 'unavailable', message: expect.stringContaining('«Я не робот»') });
    expect(await accounts(body.email)).toBe(0);
  });

  it('is off by default: sign-up needs no token', async () => {
    expect((await post(off, '/api/v1/auth/sign_up', signUpBody())).statusCode).toBe(200);
  });
});

describe('the captcha plugin on sign-in', () => {
  it('asks for it only after repeated failures; then even the right password needs a good token', async () => {
    const client = await createClient(t.ctx.db, { email: uniqueEmail('captcha-signin') });
    const signIn = (password: string, extra: object = {}) =>
      post(t, '/api/v1/auth/sign_in', { email: client.email, password, ...extra });

    expect((await signIn('wrong-password-1')).statusCode).toBe(401);
    expect((await signIn('wrong-password-2')).statusCode).toBe(401);
    const asked = await signIn(DEMO_PASSWORD);
    expect(asked.statusCode).toBe(422);
    expect(errorOf(asked).code).toBe('captcha_required');
    expect(errorOf(await signIn(DEMO_PASSWORD, { captcha_token: 'forged' })).code).toBe('captcha_failed');

    fake.goodTokens.add('good-signin');
    const ok = await signIn(DEMO_PASSWORD, { captcha_token: 'good-signin' });
    expect(ok.statusCode).toBe(200);
    // The success cleared the failures: the next sign-in needs no captcha.
    expect((await signIn(DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a first sign-in needs no captcha', async () => {
    const client = await createClient(t.ctx.db, { email: uniqueEmail('captcha-first') });
    const requests = fake.requests.length;
    expect((await post(t, '/api/v1/auth/sign_in', { email: client.email, password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
    expect(fake.requests.length).toBe(requests);
  });
});

describe('the page with the captcha plugin', () => {
  const appGlobalOf = (html: string) =>
    ZAppGlobalSchema.parse(JSON.parse(html.match(/window\.App = (.*);<\/script>/)?.[1] ?? ''));

  it("names the provider and site key (never the secret) and lets the provider's widget in through the CSP", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/auth/sign-up' });
    expect(appGlobalOf(page.body).captcha).toEqual({
      provider: 'turnstile',
      site_key: '0x4AAAAAAA-site-key',
      china_friendly: false,
    });
    expect(page.body).not.toContain(SECRET);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
  });

  it('without the plugin: no captcha in the page and no provider in the CSP', async () => {
    const page = await off.app.inject({ method: 'GET', url: '/auth/sign-up' });
    expect(appGlobalOf(page.body).captcha).toBeNull();
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('cloudflare');
    expect(csp).not.toContain('google');
  });
});
