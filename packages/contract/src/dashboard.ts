import { z } from 'zod';
import { ZTherapyTypeSchema } from './signup.ts';

export const ZNextSessionSchema = z.object({
  id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  therapy_type: ZTherapyTypeSchema,
  therapist: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    userpic_url: z.string().nullable(),
  }),
  /** When the call can be opened; the join button waits until then. */
  join_opens_at: z.string(),
  free_cancel_until: z.string(),
});
export type TNextSession = z.infer<typeof ZNextSessionSchema>;

export const ZLkPassSchema = z.object({
  id: z.string(),
  status: z.string(),
  therapy_type: ZTherapyTypeSchema,
  sessions_total: z.number().int(),
  sessions_left: z.number().int(),
  expires_at: z.string().nullable(),
});

/** GET /api/v1/user/lk_data: what the client's dashboard shows. */
export const ZLkDataSchema = z.object({
  first_name: z.string(),
  tz: z.string(),
  signed_up: z.boolean(),
  completed_sessions_count: z.number().int(),
  upcoming_sessions_count: z.number().int(),
  next_session: ZNextSessionSchema.nullable(),
  therapist: z
    .object({ id: z.string(), first_name: z.string(), last_name: z.string(), userpic_url: z.string().nullable() })
    .nullable(),
  pass: ZLkPassSchema.nullable(),
  sessions_left: z.number().int(),
  employer: z.object({ business_name: z.string(), covers_sessions: z.boolean() }).nullable(),
});
export type TLkData = z.infer<typeof ZLkDataSchema>;

export const ZLkWidgetSchema = z.object({
  kind: z.enum([
    'finish_signup',
    'find_therapist',
    'next_session',
    'book_session',
    'pass',
    'buy_pass',
    'progress',
    'employer',
  ]),
  title: z.string(),
  text: z.string(),
  action: z.object({ label: z.string(), href: z.string() }).nullable(),
});
export type TLkWidget = z.infer<typeof ZLkWidgetSchema>;
export const ZLkWidgetsSchema = z.object({ widgets: z.array(ZLkWidgetSchema) });
export type TLkWidgets = z.infer<typeof ZLkWidgetsSchema>;
