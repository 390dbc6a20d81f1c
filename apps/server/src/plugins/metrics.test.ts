import { ZApiErrorSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinSignal, signalUrlOf, videoDataOf, videoWorld } from '../modules/video/testing.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';

let t: TTestApp;
let tenNet: TTestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = signalUrlOf(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  tenNet = await buildTestApp({ METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32' });
});
afterAll(async () => {
  await t.app.close();
  await tenNet.app.close();
});

const scrape = async (app = t, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** The value of one series in the exposition text, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('counts requests and their latency per route pattern, never per raw URL', async () => {
    const w = await videoWorld(t);
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/user/therapists/${w.therapistUid}`,
        headers: w.clientSession.headers,
      });
    }
    await t.app.inject({ method: 'GET', url: '/no/such/page/12345' });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const route = 'method="GET",route="/api/v1/user/therapists/:id"';
    const statuses = text.split('\n').filter((l) => l.startsWith(`http_requests_total{${route}`));
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0)).toBe(3);
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="0.1",${route},status="\\d+"\\}`));
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain(w.therapistUid);
    expect(text).not.toContain('12345');
  });

  it('shows the job queue per kind and the database pool on PostgreSQL', async () => {
    const text = (await scrape()).body;
    expect(seriesValue(text, 'jobs_queued{kind="email.send"}')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'jobs_failed_runs{kind="email.send"}')).toBeGreaterThanOrEqual(0);
    if (t.ctx.database.driver === 'postgres') {
      expect(seriesValue(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(seriesValue(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections');
    }
  });

  it('shows the signaling rooms and sockets of this node', async () => {
    const before = (await scrape()).body;
    const w = await videoWorld(t);
    const client = await joinSignal(url, (await videoDataOf(t, w.clientSession)).token, w.clientSession);
    const text = (await scrape()).body;
    expect(seriesValue(text, 'video_signal_rooms')).toBe((seriesValue(before, 'video_signal_rooms') ?? 0) + 1);
    expect(seriesValue(text, 'video_signal_peers')).toBe((seriesValue(before, 'video_signal_peers') ?? 0) + 1);
    expect(seriesValue(text, 'video_signal_sockets')).toBeGreaterThanOrEqual(1);
    client.client.close();
  });

  it('answers only the addresses METRICS_ALLOW names (loopback by default), 403 in our shape otherwise', async () => {
    for (const [app, address, headers] of [
      [t, '203.0.113.9', {}],
      // No proxy is trusted: a client cannot claim to be local.
      [t, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }],
      [tenNet, '127.0.0.1', {}],
      [tenNet, '11.0.0.1', {}],
    ] as const) {
      const refused = await scrape(app, address, headers);
      expect(refused.statusCode, `${address}`).toBe(403);
      expect(ZApiErrorSchema.parse(refused.json()).error).toEqual({
        code: 'forbidden',
        message: 'Метрики доступны только с разрешённых адресов',
        request_id: expect.any(String),
      });
    }
    expect((await scrape(t, '::1')).statusCode).toBe(200);
    expect((await scrape(tenNet, '10.20.30.40')).statusCode).toBe(200);
    expect((await scrape(tenNet, '::ffff:10.0.0.7')).statusCode).toBe(200);
    expect((await scrape(tenNet, '2001:db8::1')).statusCode).toBe(200);
  });

  it('refuses to start with an METRICS_ALLOW entry that is not an address or range', async () => {
    await expect(buildTestApp({ METRICS_ALLOW: '127.0.0.1, localhost' })).rejects.toThrow(/METRICS_ALLOW/);
  });
});
