/**
 * Call quality from `getStats()`, sampled every few seconds per peer: round-trip time, packet loss, bitrate in and
 * out, the received resolution and decoded frames. At the end the samples become one summary for the server.
 */
export type TStatsCounters = {
  rttMs: number | null;
  packetsLost: number;
  packetsReceived: number;
  bytesReceived: number;
  bytesSent: number;
  framesDecoded: number;
  frameWidth: number | null;
  frameHeight: number | null;
  /** Media goes through TURN (the pair in use has a relay candidate on our side). */
  relayed: boolean | null;
};

type TStat = Record<string, unknown> & { type: string };

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The counters of one report: totals over its RTP streams, the round trip of the pair in use. */
export function readStatsCounters(report: { forEach: (callback: (stat: TStat) => void) => void }): TStatsCounters {
  const counters: TStatsCounters = {
    rttMs: null,
    packetsLost: 0,
    packetsReceived: 0,
    bytesReceived: 0,
    bytesSent: 0,
    framesDecoded: 0,
    frameWidth: null,
    frameHeight: null,
    relayed: null,
  };
  const byId = new Map<unknown, TStat>();
  report.forEach((stat) => {
    byId.set(stat.id, stat);
  });
  report.forEach((stat) => {
    if (stat.type === 'inbound-rtp') {
      counters.packetsLost += num(stat.packetsLost);
      counters.packetsReceived += num(stat.packetsReceived);
      counters.bytesReceived += num(stat.bytesReceived);
      if (stat.kind === 'video') {
        counters.framesDecoded += num(stat.framesDecoded);
        const width = num(stat.frameWidth);
        if (width > (counters.frameWidth ?? 0)) {
          counters.frameWidth = width;
          counters.frameHeight = num(stat.frameHeight);
        }
      }
    } else if (stat.type === 'outbound-rtp') {
      counters.bytesSent += num(stat.bytesSent);
    } else if (stat.type === 'candidate-pair' && stat.nominated === true && stat.state === 'succeeded') {
      const rtt = stat.currentRoundTripTime;
      if (typeof rtt === 'number') counters.rttMs = Math.max(counters.rttMs ?? 0, Math.round(rtt * 1000));
      const local = byId.get(stat.localCandidateId);
      if (local) counters.relayed = (counters.relayed ?? false) || local.candidateType === 'relay';
    }
  });
  return counters;
}

export type TStatsSummary = {
  samples: number;
  duration_s: number;
  rtt_ms_avg: number | null;
  rtt_ms_max: number | null;
  packet_loss_pct: number | null;
  inbound_kbps_avg: number | null;
  outbound_kbps_avg: number | null;
  frame_width: number | null;
  frame_height: number | null;
  frames_decoded: number;
  relayed: boolean | null;
};

type TPeerTrack = { first: TStatsCounters & { at: number }; last: TStatsCounters & { at: number } };

/** Collects samples per peer; `summary()` is the whole call so far. */
export function createStatsAccumulator() {
  const peers = new Map<string, TPeerTrack>();
  const rtts: number[] = [];
  let samples = 0;
  let width: number | null = null;
  let height: number | null = null;
  let relayed: boolean | null = null;

  return {
    add(peerId: string, counters: TStatsCounters, at: number): void {
      samples += 1;
      const sample = { ...counters, at };
      const known = peers.get(peerId);
      // Counters restart with a fresh connection (a reload on the other side): start this peer's span again.
      const restarted = known && counters.bytesReceived < known.last.bytesReceived;
      peers.set(peerId, known && !restarted ? { ...known, last: sample } : { first: sample, last: sample });
      if (counters.rttMs !== null) rtts.push(counters.rttMs);
      if (counters.relayed !== null) relayed = (relayed ?? false) || counters.relayed;
      if (counters.frameWidth !== null && counters.frameWidth >= (width ?? 0)) {
        width = counters.frameWidth;
        height = counters.frameHeight;
      }
    },
    summary(): TStatsSummary {
      let lost = 0;
      let received = 0;
      let bytesIn = 0;
      let bytesOut = 0;
      let seconds = 0;
      let frames = 0;
      for (const { first, last } of peers.values()) {
        lost += last.packetsLost - first.packetsLost;
        received += last.packetsReceived - first.packetsReceived;
        bytesIn += last.bytesReceived - first.bytesReceived;
        bytesOut += last.bytesSent - first.bytesSent;
        seconds = Math.max(seconds, (last.at - first.at) / 1000);
        frames += last.framesDecoded;
      }
      const kbps = (bytes: number) => (seconds > 0 ? Math.round((bytes * 8) / 1000 / seconds) : null);
      return {
        samples,
        duration_s: Math.round(seconds),
        rtt_ms_avg: rtts.length ? Math.round(rtts.reduce((a, b) => a + b, 0) / rtts.length) : null,
        rtt_ms_max: rtts.length ? Math.max(...rtts) : null,
        packet_loss_pct: lost + received > 0 ? Math.round((lost / (lost + received)) * 10_000) / 100 : null,
        inbound_kbps_avg: kbps(bytesIn),
        outbound_kbps_avg: kbps(bytesOut),
        frame_width: width,
        frame_height: height,
        frames_decoded: frames,
        relayed,
      };
    },
  };
}

type TReports = () => Promise<Map<string, { forEach: (callback: (stat: TStat) => void) => void }>>;

export type TStatsSampler = {
  start: () => void;
  stop: () => void;
  /** Takes one sample now, from the given connections or the usual ones. */
  sampleNow: (reports?: TReports) => Promise<void>;
  summary: () => TStatsSummary;
};

export function createStatsSampler(options: { reports: TReports; intervalMs?: number }): TStatsSampler {
  const accumulator = createStatsAccumulator();
  let timer: ReturnType<typeof setInterval> | undefined;
  const sampleNow = async (reports: TReports = options.reports) => {
    const collected = await reports().catch(() => new Map());
    const at = Date.now();
    for (const [peerId, report] of collected) accumulator.add(peerId, readStatsCounters(report), at);
  };
  return {
    start: () => {
      if (timer === undefined) timer = setInterval(() => void sampleNow(), options.intervalMs ?? 5000);
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
    },
    sampleNow,
    summary: () => accumulator.summary(),
  };
}
