import type { TSignalData } from '@therapy/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeerLink } from './peer-link.ts';
import { PeerManager } from './peer-manager.ts';
import { fingerprintOf, isPolite } from './politeness.ts';
import { FakeMediaStream, FakeMediaStreamTrack, FakeRTCPeerConnection, resetFakes, settle } from './testing/fakes.ts';

type TSide = {
  id: string;
  pc: FakeRTCPeerConnection;
  link: PeerLink;
  media: Array<{ camera: MediaStream | null; screen: MediaStream | null }>;
  errors: unknown[];
  sent: TSignalData[];
};

const asPc = (pc: FakeRTCPeerConnection) => pc as unknown as RTCPeerConnection;
const camera = () =>
  new FakeMediaStream([new FakeMediaStreamTrack('audio'), new FakeMediaStreamTrack('video')]) as unknown as MediaStream;

/** Two links wired to each other through an asynchronous "server" that relays every signal. */
function wirePair(idA = 'peer-a', idB = 'peer-b') {
  const sides = {} as Record<'a' | 'b', TSide>;
  const make = (self: 'a' | 'b', id: string, other: 'a' | 'b', otherId: string): TSide => {
    const pc = new FakeRTCPeerConnection();
    const side: TSide = { id, pc, media: [], errors: [], sent: [], link: undefined as unknown as PeerLink };
    side.link = new PeerLink({
      remotePeerId: otherId,
      polite: isPolite(id, otherId),
      pc: asPc(pc),
      sendSignal: (data) => {
        side.sent.push(data);
        setTimeout(() => void sides[other].link.handleSignal(data), 0);
      },
      onMedia: (cameraStream, screen) => side.media.push({ camera: cameraStream, screen }),
      onConnectionState: () => {},
      onRemoteRestart: () => {},
      onError: (error) => side.errors.push(error),
    });
    sides[self] = side;
    return side;
  };
  make('a', idA, 'b', idB);
  make('b', idB, 'a', idA);
  return sides;
}

const offersIn = (sent: TSignalData[]) =>
  sent.filter((data) => 'description' in data && data.description.type === 'offer').length;

beforeEach(() => resetFakes());
afterEach(() => vi.useRealTimers());

describe('politeness', () => {
  it('is decided the same way on both ends: exactly one side of a pair is polite', () => {
    for (const [x, y] of [
      ['peer-a', 'peer-b'],
      ['9f2', '0aa'],
      ['t-1', 'c-1'],
    ] as const) {
      expect(isPolite(x, y)).not.toBe(isPolite(y, x));
    }
    expect(isPolite('peer-b', 'peer-a')).toBe(true);
  });

  it('reads the DTLS fingerprint of a description', () => {
    expect(fingerprintOf('v=0\r\na=fingerprint:sha-256 AB:CD\r\n')).toBe('sha-256 AB:CD');
    expect(fingerprintOf('v=0\r\n')).toBeNull();
    expect(fingerprintOf(undefined)).toBeNull();
  });
});

describe('perfect negotiation', () => {
  it('connects when only one side offers', async () => {
    const { a, b } = wirePair();
    a.link.addLocalStream(camera());
    await settle();
    expect(a.pc.signalingState).toBe('stable');
    expect(b.pc.signalingState).toBe('stable');
    expect(b.pc.remoteDescription?.type).toBe('offer');
    expect(a.pc.remoteDescription?.type).toBe('answer');
    expect(b.media.at(-1)?.camera?.getTracks()).toHaveLength(2);
  });

  it('survives glare: both offer at once, the impolite side ignores, the polite side rolls back and answers', async () => {
    const { a, b } = wirePair('peer-a', 'peer-b');
    // peer-b > peer-a: b is polite, a is impolite.
    expect(b.link.polite).toBe(true);
    expect(a.link.polite).toBe(false);
    a.link.addLocalStream(camera());
    b.link.addLocalStream(camera());
    await settle();

    expect(offersIn(a.sent)).toBeGreaterThanOrEqual(1);
    expect(offersIn(b.sent)).toBeGreaterThanOrEqual(1);
    // The polite side gave up its own offer.
    expect(b.pc.rollbacks).toBe(1);
    expect(a.pc.rollbacks).toBe(0);
    expect(a.pc.signalingState).toBe('stable');
    expect(b.pc.signalingState).toBe('stable');
    // Nothing failed: candidates of the ignored offer were swallowed.
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    // Each side receives the other's camera and microphone.
    expect(a.media.at(-1)?.camera?.getTracks()).toHaveLength(2);
    expect(b.media.at(-1)?.camera?.getTracks()).toHaveLength(2);
  });

  it('handles glare with either side being the polite one', async () => {
    const { a, b } = wirePair('peer-z', 'peer-a');
    expect(a.link.polite).toBe(true);
    a.link.addLocalStream(camera());
    b.link.addLocalStream(camera());
    await settle();
    expect(a.pc.rollbacks).toBe(1);
    expect([a.pc.signalingState, b.pc.signalingState]).toEqual(['stable', 'stable']);
    expect(a.errors.concat(b.errors)).toEqual([]);
  });

  it('renegotiates a screen share as a new video, and stops it cleanly', async () => {
    const { a, b } = wirePair();
    a.link.addLocalStream(camera());
    b.link.addLocalStream(camera());
    await settle();
    const cameraSeen = b.media.at(-1)?.camera;

    const screen = new FakeMediaStream([new FakeMediaStreamTrack('video', 'screen')]) as unknown as MediaStream;
    await a.link.setScreenTrack(screen.getVideoTracks()[0] ?? null, screen);
    await settle();
    const shared = b.media.at(-1);
    expect(shared?.camera).toBe(cameraSeen);
    expect(shared?.screen).not.toBeNull();
    expect(shared?.screen?.id).toBe(screen.id);

    await a.link.setScreenTrack(null, null);
    await settle();
    expect(b.media.at(-1)?.screen).toBeNull();
    expect(b.media.at(-1)?.camera).toBe(cameraSeen);

    // Sharing again reuses the transceiver and arrives again.
    const again = new FakeMediaStream([new FakeMediaStreamTrack('video', 'screen')]) as unknown as MediaStream;
    await a.link.setScreenTrack(again.getVideoTracks()[0] ?? null, again);
    await settle();
    expect(b.media.at(-1)?.screen?.id).toBe(again.id);
    expect(a.pc.getTransceivers()).toHaveLength(3);
  });

  it('swaps a camera in place without renegotiating', async () => {
    const { a } = wirePair();
    const stream = camera();
    a.link.addLocalStream(stream);
    await settle();
    const offers = a.pc.offersMade;
    const next = new FakeMediaStreamTrack('video', 'USB-камера') as unknown as MediaStreamTrack;
    await a.link.replaceTrack(next, stream);
    await settle();
    expect(a.pc.getSenders().some((sender) => sender.track === (next as unknown))).toBe(true);
    expect(a.pc.offersMade).toBe(offers);
  });

  it('restarts ICE when the connection fails, and after a grace period of "disconnected"', async () => {
    vi.useFakeTimers();
    const { a } = wirePair();
    a.pc.setConnectionState('failed');
    expect(a.pc.restarts).toBe(1);
    a.pc.setConnectionState('disconnected');
    await vi.advanceTimersByTimeAsync(3000);
    expect(a.pc.restarts).toBe(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(a.pc.restarts).toBe(2);
    a.pc.setConnectionState('disconnected');
    a.pc.setConnectionState('connected');
    await vi.advanceTimersByTimeAsync(5000);
    expect(a.pc.restarts).toBe(2);
  });
});

describe('peer manager', () => {
  it('starts a fresh connection when the other side reloaded (new DTLS fingerprint) and converges', async () => {
    const relay: Array<{ from: string; to: string; data: TSignalData }> = [];
    const managers = new Map<string, PeerManager>();
    const streams = new Map<string, MediaStream>([
      ['peer-a', camera()],
      ['peer-b', camera()],
    ]);
    const build = (id: string) => {
      const manager = new PeerManager({
        localPeerId: id,
        createPeerConnection: () => asPc(new FakeRTCPeerConnection()),
        sendSignal: (to, data) => {
          relay.push({ from: id, to, data });
          setTimeout(() => void managers.get(to)?.handleSignal(id, data), 0);
        },
        localMedia: () => ({ camera: streams.get(id) ?? null, screen: null }),
        onMedia: () => {},
        onConnectionState: () => {},
      });
      managers.set(id, manager);
      return manager;
    };
    const a = build('peer-a');
    build('peer-b').ensure('peer-a');
    a.ensure('peer-b');
    await settle();
    const first = a.get('peer-b')?.pc;
    expect(first?.signalingState).toBe('stable');

    // b reloads: a new manager with a new connection (new certificate) offers to a's old connection.
    managers.get('peer-b')?.closeAll();
    build('peer-b').ensure('peer-a');
    await settle();
    const second = a.get('peer-b')?.pc;
    expect(second).not.toBe(first);
    expect(first?.signalingState).toBe('closed');
    expect(second?.signalingState).toBe('stable');
    expect(managers.get('peer-b')?.get('peer-a')?.pc.signalingState).toBe('stable');
    expect(fingerprintOf(second?.remoteDescription?.sdp)).toBe(
      fingerprintOf(managers.get('peer-b')?.get('peer-a')?.pc.localDescription?.sdp),
    );
  });
});

describe('who offers first', () => {
  it('the one who joins offers; the one already there answers without an offer of its own (no glare)', async () => {
    const relay: Array<{ from: string; data: TSignalData }> = [];
    const managers = new Map<string, PeerManager>();
    const build = (id: string, media: MediaStream | null) => {
      const manager = new PeerManager({
        localPeerId: id,
        createPeerConnection: () => asPc(new FakeRTCPeerConnection()),
        sendSignal: (to, data) => {
          relay.push({ from: id, data });
          setTimeout(() => void managers.get(to)?.handleSignal(id, data), 0);
        },
        localMedia: () => ({ camera: media, screen: null }),
        onMedia: () => {},
        onConnectionState: () => {},
      });
      managers.set(id, manager);
      return manager;
    };
    const there = build('peer-z', camera());
    // The newcomer has no camera or microphone at all: it still offers, to receive the other's media.
    const newcomer = build('peer-a', null);
    newcomer.ensure('peer-z');
    await settle();
    const offers = relay.filter(({ data }) => 'description' in data && data.description.type === 'offer');
    expect(offers.map(({ from }) => from)).toEqual(['peer-a']);
    const pc = there.get('peer-a')?.pc as unknown as FakeRTCPeerConnection;
    expect(pc.rollbacks).toBe(0);
    expect(pc.signalingState).toBe('stable');
  });

  it('re-sends an unanswered offer when asked (the other side was away when it went out)', async () => {
    const sent: TSignalData[] = [];
    const link = new PeerLink({
      remotePeerId: 'peer-b',
      polite: false,
      pc: asPc(new FakeRTCPeerConnection()),
      sendSignal: (data) => sent.push(data),
      onMedia: () => {},
      onConnectionState: () => {},
      onRemoteRestart: () => {},
    });
    link.addLocalStream(camera());
    await settle();
    expect(offersIn(sent)).toBe(1);
    link.resendPendingOffer();
    expect(offersIn(sent)).toBe(2);
  });
});

describe('a couples session', () => {
  it('connects three people pairwise: each newcomer offers to those already there', async () => {
    const managers = new Map<string, PeerManager>();
    const tracksSeen = new Map<string, number>();
    const build = (id: string) => {
      const manager = new PeerManager({
        localPeerId: id,
        createPeerConnection: () => asPc(new FakeRTCPeerConnection()),
        sendSignal: (to, data) => setTimeout(() => void managers.get(to)?.handleSignal(id, data), 0),
        localMedia: () => ({ camera: camera(), screen: null }),
        onMedia: (peerId, cameraStream) => tracksSeen.set(`${id}<-${peerId}`, cameraStream?.getTracks().length ?? 0),
        onConnectionState: () => {},
      });
      managers.set(id, manager);
      return manager;
    };
    build('therapist-1');
    build('client-1').ensure('therapist-1');
    await settle();
    build('client-2');
    managers.get('client-2')?.ensure('therapist-1');
    managers.get('client-2')?.ensure('client-1');
    await settle();
    for (const [self, manager] of managers) {
      expect(manager.peerIds().sort(), self).toHaveLength(2);
      for (const peerId of manager.peerIds()) {
        expect(manager.get(peerId)?.pc.signalingState, `${self}->${peerId}`).toBe('stable');
        expect(tracksSeen.get(`${self}<-${peerId}`), `${self}<-${peerId}`).toBe(2);
      }
    }
  });
});
