import { describe, expect, it } from 'vitest';
import { createStatsAccumulator, readStatsCounters } from './stats-sampler.ts';

const report = (stats: Array<Record<string, unknown> & { type: string }>) => ({
  forEach: (callback: (stat: Record<string, unknown> & { type: string }) => void) => stats.forEach(callback),
});

const sample = (seconds: number, bytes: number, lost: number, received: number, frames: number, rtt: number) =>
  report([
    {
      type: 'inbound-rtp',
      kind: 'video',
      bytesReceived: bytes,
      packetsLost: lost,
      packetsReceived: received,
      framesDecoded: frames,
      frameWidth: 640,
      frameHeight: 480,
    },
    { type: 'inbound-rtp', kind: 'audio', bytesReceived: 0, packetsLost: 0, packetsReceived: 0 },
    { type: 'outbound-rtp', kind: 'video', bytesSent: bytes / 2 },
    { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: rtt, localCandidateId: 'L1' },
    { type: 'local-candidate', id: 'L1', candidateType: 'relay' },
    { type: 'candidate-pair', nominated: false, state: 'waiting', currentRoundTripTime: 9 },
    { type: 'codec', mimeType: 'video/VP8', seconds },
  ]);

describe('stats sampler', () => {
  it('reads rtt, loss, bytes, frames and resolution from a getStats report', () => {
    expect(readStatsCounters(sample(0, 1000, 1, 99, 30, 0.042))).toEqual({
      rttMs: 42,
      packetsLost: 1,
      packetsReceived: 99,
      bytesReceived: 1000,
      bytesSent: 500,
      framesDecoded: 30,
      frameWidth: 640,
      frameHeight: 480,
      relayed: true,
    });
  });

  it('summarises a call: average and worst rtt, loss share, bitrates, resolution, frames', () => {
    const stats = createStatsAccumulator();
    stats.add('peer-t', readStatsCounters(sample(0, 0, 0, 0, 0, 0.02)), 0);
    stats.add('peer-t', readStatsCounters(sample(5, 625_000, 2, 198, 150, 0.04)), 5000);
    stats.add('peer-t', readStatsCounters(sample(10, 1_250_000, 4, 396, 300, 0.06)), 10_000);
    expect(stats.summary()).toEqual({
      samples: 3,
      duration_s: 10,
      rtt_ms_avg: 40,
      rtt_ms_max: 60,
      packet_loss_pct: 1,
      inbound_kbps_avg: 1000,
      outbound_kbps_avg: 500,
      frame_width: 640,
      frame_height: 480,
      frames_decoded: 300,
      relayed: true,
    });
  });

  it('is empty-handed without samples', () => {
    expect(createStatsAccumulator().summary()).toMatchObject({ samples: 0, rtt_ms_avg: null, packet_loss_pct: null });
  });
});
