import { z } from 'zod';

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
  'internal',
]);
export type TErrorCode = z.infer<typeof ZErrorCodeSchema>;

export const ZApiErrorSchema = z.object({
  error: z.object({
    code: ZErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiErrorSchema>;
