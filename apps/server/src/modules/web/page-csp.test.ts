import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { isPrivatePage } from './page-areas.ts';

let t: TTestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-csp-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body></body></html>');
  // The captcha plugin on, with error reporting: the two third parties a page could name.
  t = await buildTestApp({
    WEB_DIST_DIR: dist,
    CAPTCHA_PROVIDER: 'hcaptcha',
    CAPTCHA_SITE_KEY: 'site-key',
    CAPTCHA_SECRET_KEY: 'secret-key',
    SENTRY_DSN: 'https://key@errors.example.com/1',
  });
});
afterAll(() => t.app.close());

/** A page's CSP as directive → sources. */
async function cspOf(url: string): Promise<Map<string, string[]>> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const header = String(response.headers['content-security-policy']);
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

/** Pages that show health data: the client's area and call, the therapist's client pages and calls. */
const HEALTH_PAGES = [
  '/lk',
  '/lk/sessions',
  '/lk/sessions/abc?x=1',
  '/lk/profile',
  '/lk/privacy',
  '/lk/call',
  '/therapist',
  '/therapist/clients',
  '/therapist/clients/abc',
  '/therapist/clients/abc/call',
  '/business/employees',
];

describe('the CSP of pages with health data', () => {
  it.each(HEALTH_PAGES)('%s admits scripts only from the app itself and its nonce, and no captcha', async (url) => {
    const csp = await cspOf(url);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    expect(scripts.slice(1)).toEqual([expect.stringMatching(/^'nonce-[\w-]{16,}'$/)]);
    for (const directive of ['style-src', 'frame-src', 'default-src', 'img-src', 'media-src', 'font-src']) {
      expect(csp.get(directive), `${url} ${directive}`).toBeDefined();
      expect(csp.get(directive)?.join(' '), `${url} ${directive}`).not.toMatch(/https?:/);
    }
    expect(csp.get('connect-src')?.join(' ')).not.toContain('hcaptcha');
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('admits the captcha on the sign-in and sign-up pages, where its widget is', async () => {
    for (const url of ['/auth/sign-up', '/auth/sign-in', '/therapist/auth/sign-in', '/business/auth/sign-in']) {
      expect((await cspOf(url)).get('script-src'), url).toContain('https://hcaptcha.com');
    }
  });

  it('tells the private areas from public pages by path', () => {
    expect(HEALTH_PAGES.every(isPrivatePage)).toBe(true);
    for (const url of [
      '/',
      '/auth/sign-in',
      '/therapist/auth/sign-in?next=/therapist',
      '/lkx',
      '/business/auth/sign-in',
    ]) {
      expect(isPrivatePage(url), url).toBe(false);
    }
  });
});
