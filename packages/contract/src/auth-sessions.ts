import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.ts';
import { ZInstantSchema } from './instant.ts';

/** One signed-in browser or device of the user (settings, «Активные сеансы»). */
export const ZActiveSessionSchema = z.object({
  /** An opaque id of the session (not its cookie, from which it cannot be derived back). */
  id: z.string(),
  /** This very browser: it is ended with «Выйти», not from the list. */
  current: z.boolean(),
  /** From the user agent: the browser and the system, and whether it is a phone or a tablet; null when unknown. */
  device: z
    .object({
      browser: z.string().nullable(),
      os: z.string().nullable(),
      type: z.enum(['desktop', 'mobile', 'tablet', 'other']),
    })
    .nullable(),
  /** The address the session signed in from, and where that is approximately. */
  ip: z.string().nullable(),
  place: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('local') }),
      z.object({ kind: z.literal('country'), country_code: z.string().length(2) }),
    ])
    .nullable(),
  signed_in_at: ZInstantSchema,
  last_used_at: ZInstantSchema,
});
export type TActiveSession = z.infer<typeof ZActiveSessionSchema>;

/** The user's live sessions, the current one first, then by last use. */
export const ZActiveSessionsResponseSchema = z.object({ sessions: z.array(ZActiveSessionSchema) });
export type TActiveSessionsResponse = z.infer<typeof ZActiveSessionsResponseSchema>;

export const ZActiveSessionParamsSchema = z.object({ id: z.string().max(64) });

export const ZChangePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: 'Укажите текущий пароль' })
    .min(1, { error: 'Укажите текущий пароль' })
    .max(PASSWORD_MAX_LENGTH),
  new_password: z
    .string({ error: 'Укажите новый пароль' })
    .min(PASSWORD_MIN_LENGTH, { error: `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов` })
    .max(PASSWORD_MAX_LENGTH, { error: `Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов` }),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/** A changed password ends every other session: how many were ended. */
export const ZChangePasswordResponseSchema = z.object({ ended_sessions: z.number().int().nonnegative() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponseSchema>;
