import { ZHealthSchema, ZReadinessSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('probes', () => {
  it('/healthz: live while the process answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(ZHealthSchema.parse(response.json()).status).toBe('ok');
  });

  it('/readyz: ready with the database answering, and 503 naming a dependency that does not', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ZReadinessSchema.parse(ready.json())).toEqual({ status: 'ready', checks: { database: { status: 'ok' } } });

    t.ctx.readiness.add('queue', () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')));
    const notReady = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(ZReadinessSchema.parse(notReady.json())).toEqual({
      status: 'not_ready',
      checks: { database: { status: 'ok' }, queue: { status: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:1' } },
    });
  });
});
