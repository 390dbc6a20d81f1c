import { z } from 'zod';

/** How many months back the monthly series of the therapist's metrics reaches (the current month included). */
export const THERAPIST_METRICS_MONTHS = 12;
/** The session a client must reach to count as retained in `s7s1ratio`. */
export const RETAINED_AT_SESSION = 7;

/**
 * The four figures of spec §3 "Metrics". Only completed sessions count (booked, cancelled,
 * missed and late-cancelled ones do not), and only the therapist's own; a client is the
 * session's booking client (`client_id`; a couple's partner is not counted separately).
 * A figure is null when nothing was there to count (no completed session).
 *
 * - `avg_sessions_per_user`: completed sessions ÷ clients with at least one completed session.
 * - `avg_sessions_per_user_couple` / `_single`: the same over couple (single) sessions and the
 *   clients who had at least one couple (single) session.
 * - `s7s1ratio`: the share (0…1) of the therapist's clients who reached a 7th completed session
 *   with this therapist among those who had a 1st one.
 */
export const ZMetricFiguresSchema = z.object({
  avg_sessions_per_user: z.number().nullable(),
  avg_sessions_per_user_couple: z.number().nullable(),
  avg_sessions_per_user_single: z.number().nullable(),
  s7s1ratio: z.number().nullable(),
});
export type TMetricFigures = z.infer<typeof ZMetricFiguresSchema>;

/**
 * One calendar month in the therapist's zone. The averages count that month's completed
 * sessions and the clients who had them; `s7s1ratio` is cumulative: clients who had reached a
 * 7th session by the month's end ÷ clients who had had a 1st by then (the retention curve).
 */
export const ZMetricMonthSchema = ZMetricFiguresSchema.extend({
  /** 'yyyy-MM' in the therapist's zone. */
  month: z.string(),
  sessions_single: z.number().int(),
  sessions_couple: z.number().int(),
  /** Clients with a completed session in the month. */
  clients: z.number().int(),
});
export type TMetricMonth = z.infer<typeof ZMetricMonthSchema>;

/** GET /api/v1/therapist/metrics: the figures over all time, and `monthly`, the last 12 months, oldest first. */
export const ZTherapistMetricsResponseSchema = ZMetricFiguresSchema.extend({
  /** Completed sessions over all time. */
  sessions_done: z.number().int(),
  /** Clients with at least one completed session. */
  clients: z.number().int(),
  monthly: z.array(ZMetricMonthSchema),
});
export type TTherapistMetricsResponse = z.infer<typeof ZTherapistMetricsResponseSchema>;
