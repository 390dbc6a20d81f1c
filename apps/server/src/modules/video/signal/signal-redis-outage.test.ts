import { randomBytes } from 'node:crypto';
import { SIGNAL_CLOSE_CODES, ZReadinessSchema } from '@therapy/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/app.ts';
import { startTcpProxy, type TTcpProxy } from '../../../test/tcp-proxy.ts';
import { connectSignal, joinSignal, signalUrlOf, videoDataOf, videoWorld } from '../testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const target = new URL(REDIS_URL);

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const available = (await redisAnswers()) || Boolean(process.env.CI);

// Redis behind a relay the test cuts: an outage without touching the real server.
describe.skipIf(!available)('signaling while Redis is down', () => {
  const prefix = `test:video-outage:${randomBytes(4).toString('hex')}:`;
  let proxy: TTcpProxy;
  let node: TTestApp;
  let url: string;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    node = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${proxy.port}`, VIDEO_REDIS_PREFIX: prefix });
    url = signalUrlOf(await node.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    proxy?.restore();
    await node?.app.close();
    await proxy?.close();
    const redis = new Redis(REDIS_URL);
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(...left);
    await redis.quit();
  });

  const readiness = async () => {
    const response = await node.app.inject({ method: 'GET', url: '/readyz' });
    return { status: response.statusCode, body: ZReadinessSchema.parse(response.json()) };
  };

  it('refuses a join within 2 s in Russian (1013), reports it at /readyz, and recovers by itself', {
    timeout: 30_000,
  }, async () => {
    const w = await videoWorld(node);
    expect(await readiness()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: { status: 'ok' }, redis: { status: 'ok' } } },
    });

    proxy.cut();
    const down = await readiness();
    expect(down.status).toBe(503);
    expect(down.body.checks.redis?.status).toBe('failed');
    expect(down.body.checks.database?.status).toBe('ok');
    // Liveness does not depend on Redis.
    expect((await node.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const data = await videoDataOf(node, w.clientSession);
    const started = Date.now();
    const refused = await connectSignal(url, { session: w.clientSession });
    refused.send({ type: 'join', token: data.token, state: { audio: true, video: true, screen: false } });
    const error = await refused.next('error', 2_000);
    const closed = await refused.closed;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({
      code: 'unavailable',
      message: 'Видеосвязь временно недоступна. Подключаемся заново',
    });
    expect(closed).toEqual({ code: SIGNAL_CLOSE_CODES.try_again_later, reason: 'unavailable' });

    proxy.restore();
    // The browser reconnects with back-off: joins succeed again once ioredis is back, no restart needed.
    const restoredAt = Date.now();
    let therapist: Awaited<ReturnType<typeof joinSignal>> | null = null;
    while (!therapist && Date.now() - restoredAt < 10_000) {
      const token = (await videoDataOf(node, w.therapistSession, w.clientUid)).token;
      therapist = await joinSignal(url, token, w.therapistSession).catch(() => null);
      if (!therapist) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(therapist, 'a join after Redis came back').not.toBeNull();
    expect(Date.now() - restoredAt).toBeLessThan(5_000);
    const client = await joinSignal(url, (await videoDataOf(node, w.clientSession)).token, w.clientSession);
    expect(client.joined.peers.map((p) => p.peer_id)).toEqual([therapist?.joined.peer_id]);
    expect((await therapist?.client.next('peer_joined'))?.peer.peer_id).toBe(client.joined.peer_id);
    client.client.send({ type: 'chat', text: 'Снова слышно?', client_id: 'c-1' });
    expect((await therapist?.client.next('chat'))?.message.text).toBe('Снова слышно?');
    expect((await readiness()).status).toBe(200);
    client.client.close();
    therapist?.client.close();
  });
});
