import type { TServerSignalMessage, TSignalPeer } from '@therapy/contract';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TParticipant } from './authorize-join.ts';
import { createMemoryRoomBus } from './memory-room-bus.ts';
import { createSignalHub, type TLocalPeer } from './signal-hub.ts';

const log = { warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
const state = { audio: true, video: true, screen: false };
const peerOf = (peer_id: string): TSignalPeer => ({ peer_id, uid: peer_id, name: peer_id, role: 'client', state });

function localPeer(peerId: string, conn: string) {
  const received: TServerSignalMessage[] = [];
  const participant = {
    slotId: 1,
    slotHashid: 'slot',
    room: 'room-1',
    userId: 1,
    uid: peerId,
    peerId,
    role: 'client',
    name: peerId,
    endsAt: new Date(Date.now() + 3600_000),
    closesAt: new Date(Date.now() + 3600_000),
  } satisfies TParticipant;
  const local: TLocalPeer = {
    conn,
    participant,
    peer: peerOf(peerId),
    entered: false,
    ready: false,
    replaced: false,
    send: (text) => received.push(JSON.parse(text) as TServerSignalMessage),
    close: () => undefined,
  };
  return { local, received };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('signal hub presence', () => {
  it('ignores and then clears the presence of a node that stopped refreshing it', async () => {
    const bus = createMemoryRoomBus();
    // Left behind by a node that crashed a minute ago.
    await bus.putPresence('room-1', { conn: 'dead', peer: peerOf('ghost'), seen: Date.now() - 60_000 });
    await bus.putPresence('room-1', { conn: 'alive', peer: peerOf('other'), seen: Date.now() });
    const hub = createSignalHub({ bus, log, onTimeUp: async () => undefined, heartbeatMs: 30, presenceTtlMs: 10_000 });

    const { local, received } = localPeer('me', 'c-1');
    const peers = await hub.enter(local);
    expect(peers.map((p) => p.peer_id)).toEqual(['other']);
    await hub.announce(local);
    await wait(120);
    expect(received).toContainEqual({ type: 'peer_left', peer_id: 'ghost' });
    expect((await bus.listPresence('room-1')).map((e) => e.peer.peer_id).sort()).toEqual(['me', 'other']);

    await hub.leave(local);
    expect(hub.roomCount()).toBe(0);
    expect((await bus.listPresence('room-1')).map((e) => e.peer.peer_id)).toEqual(['other']);
    await hub.close();
  });
});
