// Issue 14, «no trackers near health data», in Chromium: with the captcha plugin on (its host admitted on the
// sign-up page), every page that shows health data — the client's area and call, the therapist's client page and
// call — requests nothing but the app's own origin, and its CSP refuses a third-party script even if one were added.
import { expect, type Page, test } from '@playwright/test';
import {
  TURNSTILE_SCRIPT as CAPTCHA_SCRIPT,
  startCaptchaServer,
  type TCaptchaServer,
} from './support/captcha-server.ts';
import { newVideoContext, passDeviceCheck, signIn, videoLaunchOptions } from './support/video-page.ts';

let server: TCaptchaServer;

test.use({ launchOptions: videoLaunchOptions });
test.beforeAll(async () => {
  server = await startCaptchaServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * Every address the page asks for from now on (documents, scripts, styles, fonts, fetches, sockets), and those the
 * CSP refused before they reached the network (Chromium still reports them as requests, failed).
 */
function recordRequests(page: Page): { urls: string[]; blocked: string[] } {
  const urls: string[] = [];
  const blocked: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('requestfailed', (request) => {
    // Chromium's reason for a request its CSP refused: 'csp' (net::ERR_BLOCKED_BY_CSP in older versions).
    if (/^csp$|BLOCKED_BY_CSP/.test(request.failure()?.errorText ?? '')) blocked.push(request.url());
  });
  page.on('websocket', (socket) => urls.push(socket.url()));
  return { urls, blocked };
}

/** The addresses that left the browser for another host than the app's (data: and blob: are the page's own). */
function foreign(recorded: { urls: string[]; blocked: string[] }): string[] {
  const own = new URL(server.baseURL).host;
  return recorded.urls.filter(
    (url) => !/^(data|blob):/.test(url) && new URL(url).host !== own && !recorded.blocked.includes(url),
  );
}

/** A script of the captcha's host added to the page by hand: the CSP must refuse it before any request. */
async function tryThirdPartyScript(page: Page): Promise<string> {
  // A string, as the e2e files are typed without the DOM.
  return page.evaluate<string>(`new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (event) => resolve('blocked ' + event.violatedDirective), {
      once: true,
    });
    const script = document.createElement('script');
    script.src = ${JSON.stringify(CAPTCHA_SCRIPT)};
    script.onload = () => resolve('loaded');
    document.head.append(script);
  })`);
}

test('pages with health data load nothing from a third party, even with the captcha on', async ({ browser }) => {
  const client = await (await newVideoContext(browser, server.baseURL)).newPage();
  // The widget's script answers from a stand-in, so the captcha host counts as reachable.
  let captchaRequests = 0;
  await client.context().route(`${CAPTCHA_SCRIPT}**`, (route) => {
    captchaRequests += 1;
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.turnstile = { render() { return 1; }, reset() {} };',
    });
  });

  await test.step('the sign-up page may use the captcha', async () => {
    await client.goto('/auth/sign-up');
    await expect.poll(() => captchaRequests).toBeGreaterThan(0);
  });

  await signIn(client, '/auth/sign-in', server.seed.clientEmail);
  const clientUrls = recordRequests(client);
  await test.step('the client’s area and call', async () => {
    for (const path of ['/lk', '/lk/sessions', '/lk/profile', '/lk/passes', '/lk/privacy', '/lk/settings']) {
      await client.goto(path);
      await expect(client.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(await tryThirdPartyScript(client)).toMatch(/^blocked script-src/);
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    expect(await tryThirdPartyScript(client)).toMatch(/^blocked script-src/);
  });
  expect(clientUrls.urls.length).toBeGreaterThan(10);
  expect(foreign(clientUrls)).toEqual([]);
  expect(clientUrls.blocked).toEqual([CAPTCHA_SCRIPT, CAPTCHA_SCRIPT]);
  // Only the sign-up page ever reached the captcha's host.
  expect(captchaRequests).toBe(1);

  const therapist = await (await newVideoContext(browser, server.baseURL)).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', server.seed.therapistEmail);
  const therapistUrls = recordRequests(therapist);
  await test.step('the therapist’s client page and call', async () => {
    await therapist.goto('/therapist/clients');
    await expect(therapist.getByRole('heading', { level: 1 })).toBeVisible();
    await therapist.goto(`/therapist/clients/${server.seed.clientUid}`);
    await expect(therapist.getByRole('heading', { level: 1, name: 'Ирина Котова' })).toBeVisible();
    expect(await tryThirdPartyScript(therapist)).toMatch(/^blocked script-src/);
    await therapist.goto(`/therapist/clients/${server.seed.clientUid}/call`);
    await passDeviceCheck(therapist);
  });
  expect(foreign(therapistUrls)).toEqual([]);
});
