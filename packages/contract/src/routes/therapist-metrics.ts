import type { TRouteDef } from '../route-def.ts';
import { ZTherapistMetricsResponseSchema } from '../therapist-metrics.ts';

/** The therapist's statistics (spec §3 Metrics, §7). */
export const therapistMetricsRoutes = {
  therapistMetrics: {
    method: 'GET',
    path: '/api/v1/therapist/metrics',
    summary:
      "The therapist's metrics from completed sessions: average sessions per client (all, couple, single) and s7s1ratio, the share of clients who reached a 7th session among those who had a 1st; also per month for the last 12 months",
    roles: ['therapist'],
    response: ZTherapistMetricsResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
