import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coturnInstalled, startCoturn, type TCoturn } from '../../../../../e2e/support/coturn.ts';
import { allocateRelay } from '../../../../../e2e/support/turn-client.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { turnCredentialsFor } from './ice-servers.ts';
import { videoDataOf, videoWorld } from './testing.ts';

// CI installs coturn (.ci/run); elsewhere the test is skipped when it is missing.
const available = coturnInstalled() || Boolean(process.env.CI);
if (!available) console.warn('turn-relay.test.ts skipped: coturn is not installed (apt-get install -y coturn)');

describe.skipIf(!available)('TURN credentials from the video data, against a real coturn', () => {
  let turn: TCoturn;
  let t: TTestApp;
  beforeAll(async () => {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const minPort = 40_000 + Math.floor(Math.random() * 80) * 100;
    turn = await startCoturn({ port, minPort, maxPort: minPort + 99 });
    t = await buildTestApp(turn.env);
  });
  afterAll(async () => {
    await t?.app.close();
    await turn?.stop();
  });

  it('are accepted by coturn, and data goes through the relay both ways', async () => {
    const w = await videoWorld(t);
    const data = await videoDataOf(t, w.clientSession);
    const server = data.ice_servers.find((s) => s.username);
    expect(server?.urls).toEqual(turn.urls);

    const result = await allocateRelay({
      server: { address: '127.0.0.1', port: turn.port },
      username: server?.username ?? '',
      credential: server?.credential ?? '',
    });
    if (!result.ok) throw new Error(`Allocate refused with ${result.status}`);
    const { session } = result;
    expect(session.relayed.address).toBe('127.0.0.1');

    // A peer on loopback (the other browser, in the e2e test) talks to the relayed address.
    const peer = createSocket('udp4');
    await new Promise<void>((resolve) => peer.bind(0, '127.0.0.1', resolve));
    const peerAddress = { address: '127.0.0.1', port: peer.address().port };
    const atPeer = new Promise<{ data: string; port: number }>((resolve) =>
      peer.once('message', (message, from) => resolve({ data: String(message), port: from.port })),
    );
    await session.createPermission(peerAddress);
    session.send(peerAddress, Buffer.from('media from the client'));
    expect(await atPeer).toEqual({ data: 'media from the client', port: session.relayed.port });

    peer.send('media back', session.relayed.port, '127.0.0.1');
    const back = await session.receive();
    expect(String(back.data)).toBe('media back');
    expect(back.from).toEqual(peerAddress);
    peer.close();
    await session.close();
  });

  it('refuses a wrong credential and an expired one', async () => {
    const server = { address: '127.0.0.1', port: turn.port };
    const wrong = turnCredentialsFor('not-the-secret', 'someone', new Date(Date.now() + 3600_000));
    expect(await allocateRelay({ server, ...wrong })).toEqual({ ok: false, status: 401 });
    const expired = turnCredentialsFor(turn.secret, 'someone', new Date(Date.now() - 60_000));
    expect(await allocateRelay({ server, ...expired })).toEqual({ ok: false, status: 401 });
  });
});
