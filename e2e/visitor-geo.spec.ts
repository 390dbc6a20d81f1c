// The visitor's geo/IP information (spec §7) in Chromium: a server of its own asking a local fake IP-information
// service (ipinfo.io's protocol) that answers, is slow, or is down. Each test comes from an address of its own
// (X-Forwarded-For through a trusted local proxy), since answers are cached per address.
import { expect, type Page, test } from '@playwright/test';
import { startFakeIpInfo, type TFakeIpInfo } from '../apps/server/src/test/fake-ipinfo.ts';
import { fillSignUp, sendSignUp } from './support/client-flows.ts';
import { shootAtWidths } from './support/screens.ts';
import { startVideoServer, type TVideoServer } from './support/video-server.ts';

const TOKEN = 'ipinfo-token-for-the-e2e-journey';
let ipinfo: TFakeIpInfo;
let server: TVideoServer;

test.beforeAll(async () => {
  ipinfo = await startFakeIpInfo(TOKEN);
  ipinfo.known.set('198.51.100.10', { country: 'DE', timezone: 'Europe/Berlin', city: 'Berlin' });
  ipinfo.known.set('198.51.100.20', { country: 'DE', timezone: 'Europe/Berlin', city: 'Berlin' });
  server = await startVideoServer({
    env: {
      GEOIP_TOKEN: TOKEN,
      GEOIP_URL: ipinfo.origin,
      GEOIP_TIMEOUT_MS: '1500',
      TRUST_PROXY: '127.0.0.1',
      SIGN_UP_RATE_LIMIT: '1000',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await ipinfo?.close();
});
test.beforeEach(() => {
  ipinfo.mode = 'ok';
});

/** Signs up on the sign-up page open; the new client's zone and currency as the server keeps them. */
async function signUp(page: Page) {
  await fillSignUp(page);
  await sendSignUp(page);
  const me = await page.request.get(`${server.baseURL}/api/v1/user/me`);
  return (await me.json()) as { tz: string; currency: string };
}

test('a visitor from Germany is offered euros and Berlin time', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.10' });
  await page.goto(`${server.baseURL}/auth/sign-up`);
  await expect(page.getByRole('radio', { name: 'Евро (€)' })).toBeChecked();
  await shootAtWidths(page, 'sign-up-geo');
  expect(await signUp(page)).toMatchObject({ tz: 'Europe/Berlin', currency: 'eur' });
  expect(ipinfo.requests.at(-1)).toEqual({ ip: '198.51.100.10', token: TOKEN });
});

test("a slow service holds nothing up: the form is there at once and the browser's zone and language decide", async ({
  page,
}) => {
  ipinfo.mode = 'slow';
  ipinfo.slowMs = 5_000;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.20' });
  const started = Date.now();
  await page.goto(`${server.baseURL}/auth/sign-up`);
  // Russian browser in Moscow (playwright.config.ts): roubles, before the lookup could have answered.
  await expect(page.getByRole('radio', { name: 'Рубли (₽)' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toBeEnabled();
  expect(Date.now() - started).toBeLessThan(1_500);
  expect(await signUp(page)).toMatchObject({ tz: 'Europe/Moscow', currency: 'rub' });
});

test("a service that is down leaves the browser's zone and language", async ({ page }) => {
  ipinfo.mode = 'down';
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.30' });
  await page.goto(`${server.baseURL}/auth/sign-up`);
  const geo = await page.request.get(`${server.baseURL}/api/v1/visitor/geo`);
  expect(await geo.json()).toEqual({ country: null, time_zone: null, currency: null });
  await expect(page.getByRole('radio', { name: 'Рубли (₽)' })).toBeChecked();
  expect(await signUp(page)).toMatchObject({ tz: 'Europe/Moscow', currency: 'rub' });
});
