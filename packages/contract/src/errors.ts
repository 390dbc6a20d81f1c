import { z } from 'zod';
import { ZScheduleClashSchema } from './schedule.ts';

/** Machine-readable error codes; the Russian message travels beside the code. */
export const ZErrorCodeSchema = z.enum([
  'malformed_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'csrf_invalid',
  'not_found',
  'conflict',
  'rate_limited',
  'invalid_credentials',
  'email_taken',
  'weak_password',
  'consent_required',
  'consent_pending',
  'captcha_required',
  'captcha_failed',
  'slot_taken',
  'slot_unavailable',
  'hold_expired',
  'too_late',
  'pass_required',
  'payment_failed',
  'amount_mismatch',
  'promocode_invalid',
  'promocode_blocked',
  'unavailable',
  /** Existed, and is gone for good (a data archive past its 7 days). */
  'gone',
  'internal',
]);
export type TErrorCode = z.infer<typeof ZErrorCodeSchema>;

export const ZApiErrorSchema = z.object({
  error: z.object({
    code: ZErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** The request's id, as in the server's log lines and the x-request-id header. */
    request_id: z.string().optional(),
    /** A refused schedule change: the booked sessions it would clash with (see ZScheduleClashSchema). */
    clashes: z.array(ZScheduleClashSchema).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiErrorSchema>;
