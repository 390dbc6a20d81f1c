import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('the API reference, built on its first request (plugins/openapi.ts)', () => {
  it('answers in the request’s language like any JSON answer, with the same headers', async () => {
    const [ru, en] = await Promise.all([
      t.app.inject('/api/docs/json'),
      t.app.inject({ url: '/api/docs/json', headers: { 'accept-language': 'en' } }),
    ]);
    expect(ru.json()).toMatchObject({ info: { title: 'Терапия онлайн API' } });
    expect(en.json()).toMatchObject({ info: { title: 'Therapy Online API' } });
    expect(en.headers).toMatchObject({ 'content-language': 'en', 'content-type': 'application/json; charset=utf-8' });
    expect(en.headers.vary).toContain('Accept-Language');
  });

  it('serves the UI page and its files, and leaves an unknown address to the app’s own 404', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const styles = await t.app.inject('/api/docs/static/swagger-ui.css');
    expect(styles.statusCode).toBe(200);
    expect(styles.headers['content-type']).toContain('text/css');
    expect((await t.app.inject({ method: 'HEAD', url: '/api/docs/json' })).statusCode).toBe(200);
    const missing = await t.app.inject('/api/docs/static/nothing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
