import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ZAppGlobalSchema, ZHealthSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';

const CHUNK = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `слово ${i}`))};`;

let t: TTestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div data-component="App"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
  // A hashed chunk as the build leaves it: the file and its Brotli and gzip copies (apps/web/vite.config.ts).
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'chunk-Ab12Cd.js'), CHUNK);
  writeFileSync(path.join(dist, 'assets', 'chunk-Ab12Cd.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dist, 'assets', 'chunk-Ab12Cd.js.gz'), gzipSync(CHUNK));
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

  it('sends the Brotli copy of a built file to a browser that accepts it, cached for a year as immutable', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/chunk-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(CHUNK.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends the gzip copy when Brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/assets/chunk-Ab12Cd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(CHUNK);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/chunk-Ab12Cd.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(CHUNK);
  });

  it('has the browser revalidate files outside assets/ and never store pages', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/app.js' });
    expect(file.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/lk' });
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('compresses JSON over 1 KB for a client that accepts it, and leaves small answers as they are', async () => {
    const client = await createClient(t.ctx.db);
    const session = await signIn(t.app, client.email);
    const url = '/api/v1/user/questions?therapy_type=single';
    const plain = await t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const compressed = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: session.cookie, 'accept-encoding': 'gzip, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());

    const gzipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: session.cookie, 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
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
