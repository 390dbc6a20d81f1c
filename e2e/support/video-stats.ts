// What a video-call page receives, read from its RTCPeerConnections' getStats(). No Playwright test APIs here, so
// the benchmarks can use it too. The e2e project has no DOM types: what the page functions touch, typed by hand.
import type { Page } from '@playwright/test';

type TStat = {
  id: string;
  type: string;
  kind?: string;
  framesDecoded?: number;
  packetsReceived?: number;
  nominated?: boolean;
  selected?: boolean;
  state?: string;
  localCandidateId?: string;
  remoteCandidateId?: string;
  selectedCandidatePairId?: string;
  candidateType?: string;
};
type TPeerConnection = {
  connectionState: string;
  getStats: () => Promise<{ forEach: (f: (s: TStat) => void) => void }>;
};
type TSocket = { readyState: number; close: (code?: number, reason?: string) => void };
type TPage = {
  __pcs: TPeerConnection[];
  __sockets: TSocket[];
  RTCPeerConnection: new (config?: unknown) => TPeerConnection;
  WebSocket: new (url: string, protocols?: unknown) => TSocket;
};

/** An init script: collects the page's RTCPeerConnections and WebSockets, so tests can read and drop them. */
export function recordPeerConnections() {
  const page = globalThis as unknown as TPage;
  const NativePc = page.RTCPeerConnection;
  const pcs: TPeerConnection[] = [];
  page.__pcs = pcs;
  page.RTCPeerConnection = class extends (NativePc as unknown as new (config?: unknown) => object) {
    constructor(config?: unknown) {
      super(config);
      pcs.push(this as unknown as TPeerConnection);
    }
  } as unknown as TPage['RTCPeerConnection'];
  const NativeWs = page.WebSocket;
  const sockets: TSocket[] = [];
  page.__sockets = sockets;
  page.WebSocket = class extends (NativeWs as unknown as new (url: string, protocols?: unknown) => object) {
    constructor(url: string, protocols?: unknown) {
      super(url, protocols);
      sockets.push(this as unknown as TSocket);
    }
  } as unknown as TPage['WebSocket'];
}

export type TInbound = {
  videoStreams: number;
  framesDecoded: number;
  audioPackets: number;
  /** framesDecoded of every inbound video track, keyed by connection and stats id. */
  tracks: Record<string, number>;
};

/** What the page receives now, summed over its open connections: decoded videos and frames, audio packets. */
export function inbound(page: Page): Promise<TInbound> {
  return page.evaluate(async () => {
    const pcs = (globalThis as unknown as TPage).__pcs;
    const result = { videoStreams: 0, framesDecoded: 0, audioPackets: 0, tracks: {} as Record<string, number> };
    for (const [index, pc] of pcs.entries()) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((stat) => {
        if (stat.type !== 'inbound-rtp') return;
        if (stat.kind === 'video') {
          if ((stat.framesDecoded ?? 0) > 0) result.videoStreams += 1;
          result.framesDecoded += stat.framesDecoded ?? 0;
          result.tracks[`${index}/${stat.id}`] = stat.framesDecoded ?? 0;
        } else if (stat.kind === 'audio') {
          result.audioPackets += stat.packetsReceived ?? 0;
        }
      });
    }
    return result;
  });
}

/** The local candidate type ('host', 'srflx', 'relay') of each open connection's selected candidate pair. */
export function selectedCandidateTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const types: string[] = [];
    for (const pc of (globalThis as unknown as TPage).__pcs) {
      if (pc.connectionState !== 'connected') continue;
      const stats = new Map<string, TStat>();
      (await pc.getStats()).forEach((stat) => {
        stats.set(stat.id, stat);
      });
      let pairId: string | undefined;
      for (const stat of stats.values()) {
        if (stat.type === 'transport' && stat.selectedCandidatePairId) pairId = stat.selectedCandidatePairId;
      }
      const pair =
        (pairId ? stats.get(pairId) : undefined) ??
        [...stats.values()].find(
          (stat) => stat.type === 'candidate-pair' && (stat.selected || (stat.nominated && stat.state === 'succeeded')),
        );
      const local = pair?.localCandidateId ? stats.get(pair.localCandidateId) : undefined;
      types.push(local?.candidateType ?? 'none');
    }
    return types;
  });
}

/** Drops the page's signaling sockets as a network loss would (a close code the page reconnects after). */
export function closeSignalingSockets(page: Page): Promise<number> {
  return page.evaluate(() => {
    let closed = 0;
    for (const socket of (globalThis as unknown as TPage).__sockets) {
      if (socket.readyState <= 1) {
        socket.close(3000, 'network lost');
        closed += 1;
      }
    }
    return closed;
  });
}

/** framesDecoded of every inbound video track of the page's connections, closed ones included (they keep counts). */
export function decodedFrames(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const tracks: Record<string, number> = {};
    for (const [index, pc] of (globalThis as unknown as TPage).__pcs.entries()) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((stat) => {
        if (stat.type === 'inbound-rtp' && stat.kind === 'video')
          tracks[`${index}/${stat.id}`] = stat.framesDecoded ?? 0;
      });
    }
    return tracks;
  });
}

/**
 * Polls getStats inside the page every `everyMs` until `frames` more video frames have been decoded than in
 * `since` (summed over tracks, new connections counting from zero); resolves with the page's Date.now() then.
 */
export function framesDecodedAt(
  page: Page,
  options: { since?: Record<string, number>; frames?: number; everyMs?: number; timeoutMs?: number } = {},
): Promise<number> {
  return page.evaluate(
    async ({ since, frames, everyMs, timeoutMs }) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        let gained = 0;
        for (const [index, pc] of (globalThis as unknown as TPage).__pcs.entries()) {
          if (pc.connectionState === 'closed') continue;
          (await pc.getStats()).forEach((stat) => {
            if (stat.type !== 'inbound-rtp' || stat.kind !== 'video') return;
            gained += Math.max(0, (stat.framesDecoded ?? 0) - (since[`${index}/${stat.id}`] ?? 0));
          });
        }
        if (gained >= frames) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      throw new Error(`no ${frames} decoded frames within ${timeoutMs} ms`);
    },
    {
      since: options.since ?? {},
      frames: options.frames ?? 1,
      everyMs: options.everyMs ?? 10,
      timeoutMs: options.timeoutMs ?? 60_000,
    },
  );
}
