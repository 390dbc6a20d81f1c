import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { SIGNAL_CLOSE_CODES } from '@therapy/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/app.ts';
import { joinSignal, settle, signalUrlOf, videoDataOf, videoWorld } from '../testing.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING; CI always has one, so there a missing Redis fails the run instead of skipping. */
async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
  });
}

const available = (await redisAnswers()) || Boolean(process.env.CI);
if (!available) console.warn(`signal-redis.test.ts skipped: no Redis at ${REDIS_URL}`);

describe.skipIf(!available)('two app nodes over Redis', () => {
  // A prefix of this run only, so parallel runs and leftovers never meet.
  const prefix = `test:video:${randomBytes(4).toString('hex')}:`;
  let nodeA: TTestApp;
  let nodeB: TTestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    const env = { REDIS_URL, VIDEO_REDIS_PREFIX: prefix };
    nodeA = await buildTestApp(env);
    nodeB = await buildTestApp(env);
    urlA = signalUrlOf(await nodeA.app.listen({ port: 0, host: '127.0.0.1' }));
    urlB = signalUrlOf(await nodeB.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  let nodeBClosed = false;
  afterAll(async () => {
    await nodeA?.app.close();
    if (!nodeBClosed) await nodeB?.app.close();
    const redis = new Redis(REDIS_URL);
    const left = await redis.keys(`${prefix}*`);
    if (left.length > 0) await redis.del(...left);
    await redis.quit();
  });

  it('brings a therapist on one node and a client on the other together, offers, candidates and chat included', async () => {
    const w = await videoWorld(nodeA);
    const therapistData = await videoDataOf(nodeA, w.therapistSession, w.clientUid);
    const clientData = await videoDataOf(nodeB, w.clientSession);

    const therapist = await joinSignal(urlA, therapistData.token, w.therapistSession);
    const client = await joinSignal(urlB, clientData.token, w.clientSession);
    expect(client.joined.peers.map((p) => p.peer_id)).toEqual([therapistData.peer_id]);
    expect((await therapist.client.next('peer_joined')).peer.peer_id).toBe(clientData.peer_id);

    const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\n' } };
    const answer = { description: { type: 'answer' as const, sdp: 'v=0\r\n' } };
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' } };
    therapist.client.send({ type: 'signal', to: clientData.peer_id, data: offer });
    expect(await client.client.next('signal')).toEqual({ type: 'signal', from: therapistData.peer_id, data: offer });
    client.client.send({ type: 'signal', to: therapistData.peer_id, data: answer });
    client.client.send({ type: 'signal', to: therapistData.peer_id, data: candidate });
    expect((await therapist.client.next('signal')).data).toEqual(answer);
    expect((await therapist.client.next('signal')).data).toEqual(candidate);

    client.client.send({ type: 'state', state: { audio: false, video: true, screen: false } });
    expect((await therapist.client.next('state')).state.audio).toBe(false);
    client.client.send({ type: 'chat', text: 'Слышно меня?', client_id: 'c-1' });
    expect((await therapist.client.next('chat')).message.text).toBe('Слышно меня?');
    expect((await client.client.next('chat')).message.text).toBe('Слышно меня?');

    // The client reloads and lands on the other node: the old socket there is replaced.
    const moved = await joinSignal(urlA, (await videoDataOf(nodeA, w.clientSession)).token, w.clientSession);
    expect(moved.joined.peers.map((p) => p.peer_id)).toEqual([therapistData.peer_id]);
    expect(moved.joined.peers[0]?.state).toEqual({ audio: true, video: true, screen: false });
    expect(moved.joined.chat.map((m) => m.text)).toEqual(['Слышно меня?']);
    await client.client.next('replaced');
    expect((await client.client.closed).code).toBe(SIGNAL_CLOSE_CODES.replaced);
    expect((await therapist.client.next('peer_left')).peer_id).toBe(clientData.peer_id);
    expect((await therapist.client.next('peer_joined')).peer.peer_id).toBe(clientData.peer_id);
    await settle();
    expect(therapist.client.all.filter((m) => m.type === 'peer_left')).toHaveLength(1);

    therapist.client.send({ type: 'end' });
    expect((await moved.client.next('ended')).reason).toBe('therapist_ended');
    expect((await therapist.client.closed).code).toBe(SIGNAL_CLOSE_CODES.ended);
  });

  it('tells a peer on the other node when someone leaves, and keeps rooms apart', async () => {
    const one = await videoWorld(nodeA);
    const two = await videoWorld(nodeA);
    const oneTherapist = await joinSignal(
      urlA,
      (await videoDataOf(nodeA, one.therapistSession, one.clientUid)).token,
      one.therapistSession,
    );
    const oneClient = await joinSignal(urlB, (await videoDataOf(nodeB, one.clientSession)).token, one.clientSession);
    const twoClient = await joinSignal(urlB, (await videoDataOf(nodeB, two.clientSession)).token, two.clientSession);
    await oneTherapist.client.next('peer_joined');
    expect(twoClient.joined.peers).toEqual([]);

    oneClient.client.close();
    expect((await oneTherapist.client.next('peer_left')).peer_id).toBe(oneClient.joined.peer_id);
    await settle();
    expect(twoClient.client.all.map((m) => m.type)).toEqual(['joined']);
    oneTherapist.client.close();
    twoClient.client.close();
  });

  it('lets the peers of a node that shuts down go at once, and tells its sockets to reconnect', async () => {
    const w = await videoWorld(nodeA);
    const therapist = await joinSignal(
      urlA,
      (await videoDataOf(nodeA, w.therapistSession, w.clientUid)).token,
      w.therapistSession,
    );
    const client = await joinSignal(urlB, (await videoDataOf(nodeB, w.clientSession)).token, w.clientSession);
    await therapist.client.next('peer_joined');

    nodeBClosed = true;
    await nodeB.app.close();
    expect((await client.client.closed).code).toBe(SIGNAL_CLOSE_CODES.service_restart);
    expect((await therapist.client.next('peer_left', 1000)).peer_id).toBe(client.joined.peer_id);

    // The client comes back through the node still up.
    const back = await joinSignal(urlA, (await videoDataOf(nodeA, w.clientSession)).token, w.clientSession);
    expect(back.joined.peers.map((p) => p.peer_id)).toEqual([therapist.joined.peer_id]);
    expect((await therapist.client.next('peer_joined')).peer.peer_id).toBe(client.joined.peer_id);
    back.client.close();
    therapist.client.close();
  });
});
