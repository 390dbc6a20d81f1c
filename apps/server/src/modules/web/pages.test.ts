import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZAppGlobalSchema, ZHealthSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div data-component="App"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.app.close());

const appGlobalOf = (html: string) => {
  const match = html.match(/<script nonce="([^"]+)">window\.App = (.*);<\/script>/);
  if (!match) throw new Error(`no window.App in ${html}`);
  return { nonce: match[1], app: ZAppGlobalSchema.parse(JSON.parse(match[2] ?? '')) };
};

describe('pages', () => {
  it('renders window.App without a user for a visitor, under a nonce the CSP allows', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const { nonce, app } = appGlobalOf(response.body);
    expect(app).toMatchObject({ env: 'test', user: null, csrf_token: null });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('renders the signed-in user and CSRF token into any page route, escaping markup in names', async () => {
    const client = await createClient(t.ctx.db, { firstName: '</script><b>Ира' });
    const session = await signIn(t.app, client.email);
    const response = await t.app.inject({ method: 'GET', url: '/lk/passes', headers: { cookie: session.cookie } });
    const { app } = appGlobalOf(response.body);
    expect(app.user).toMatchObject({ role: 'client', first_name: '</script><b>Ира' });
    expect(app.csrf_token).toBe(session.csrf);
    expect(response.body).toContain(`<meta name="csrf-token" content="${session.csrf}">`);
    expect(response.body).not.toContain('</script><b>');
  });

  it('serves built files as they are', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('answers unknown API routes with a JSON 404 in Russian', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: { code: 'not_found', message: 'Адрес GET /api/v1/nothing/here не найден' },
    });
  });

  it('reports health of the app and the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(ZHealthSchema.parse(response.json())).toMatchObject({ status: 'ok', database: { status: 'ok' } });
  });

  it('serves the OpenAPI description of the contract routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/sign_in', '/api/v1/user/me', '/therapist/auth/logout']),
    );
  });
});
