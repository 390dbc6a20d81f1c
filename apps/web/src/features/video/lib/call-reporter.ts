/**
 * What the call tells the server, by role: the device check (the video data's device-detection flag) and the call
 * quality summary at the end — the therapist through analytics and `PUT slot/metrics`, the client through its log.
 */
import type { TCallQuality, TRole } from '@therapy/contract';
import { putTherapistMetrics } from '../api/put-therapist-metrics.ts';
import { sendClientLog } from '../api/send-client-log.ts';
import { sendTherapistAnalytics } from '../api/send-therapist-analytics.ts';
import type { TStatsSummary } from '../core/stats-sampler.ts';
import type { TCallReport, TCallReporter } from '../core/video-call.ts';

/** The contract's quality fields from our summary; figures the browser did not report stay out. */
export function qualityOf(summary: TStatsSummary): TCallQuality {
  const quality: TCallQuality = {
    rtt_ms: summary.rtt_ms_avg,
    packet_loss_pct: summary.packet_loss_pct,
    bitrate_in_kbps: summary.inbound_kbps_avg,
    bitrate_out_kbps: summary.outbound_kbps_avg,
    frame_width: summary.frame_width,
    frame_height: summary.frame_height,
    duration_sec: summary.duration_s,
    relayed: summary.relayed,
  };
  return Object.fromEntries(Object.entries(quality).filter(([, value]) => value !== null)) as TCallQuality;
}

function endEvent(report: TCallReport) {
  return {
    type: 'call.ended',
    level: 'info' as const,
    data: {
      reason: report.reason,
      samples: report.samples,
      frames_decoded: report.frames_decoded,
      rtt_ms_max: report.rtt_ms_max,
    },
  };
}

export function callReporterFor(role: TRole): TCallReporter {
  if (role === 'therapist') {
    return {
      deviceCheck: (slotHashid, success) =>
        sendTherapistAnalytics({ slot_hashid: slotHashid, device_check: { success } }),
      summary: (report) =>
        Promise.all([
          putTherapistMetrics({ slot_hashid: report.slot_hashid, ...qualityOf(report) }),
          sendTherapistAnalytics({ slot_hashid: report.slot_hashid, events: [endEvent(report)] }),
        ]),
    };
  }
  return {
    deviceCheck: (slotHashid, success) => sendClientLog({ slot_hashid: slotHashid, device_check: { success } }),
    summary: (report) =>
      sendClientLog({ slot_hashid: report.slot_hashid, metrics: qualityOf(report), events: [endEvent(report)] }),
  };
}
