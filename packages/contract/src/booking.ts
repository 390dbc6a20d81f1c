import { z } from 'zod';
import { ZInstantSchema } from './instant.ts';
import { ZLocalDateSchema } from './schedule.ts';
import { ZTherapyTypeSchema } from './signup.ts';

/** The longest range of days one free-slots request may ask for. */
export const MAX_FREE_SLOTS_DAYS = 31;

const DAY_MS = 86_400_000;
/** 'не длиннее 31 дня', 'не длиннее 30 дней'. */
const daysGenitive = (n: number) => `${n} ${new Intl.PluralRules('ru').select(n) === 'one' ? 'дня' : 'дней'}`;

const instant = ZInstantSchema;

/** GET /api/v1/user/therapists/:id/free_slots?from=&to= — dates in the client's time zone. */
export const ZFreeSlotsQuerySchema = z
  .object({ from: ZLocalDateSchema, to: ZLocalDateSchema })
  .superRefine((value, ctx) => {
    const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Конец периода раньше его начала' });
    else if (days > MAX_FREE_SLOTS_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Период не длиннее ${daysGenitive(MAX_FREE_SLOTS_DAYS)}` });
    }
  });
export type TFreeSlotsQuery = z.infer<typeof ZFreeSlotsQuerySchema>;

export const ZFreeSlotSchema = z.object({
  /** The start as an instant (UTC). */
  starts_at: z.string(),
  /** 'HH:mm' in the client's zone. */
  time: z.string(),
  /** 'dd.MM.yyyy в HH:mm' in the client's zone. */
  label: z.string(),
});
export type TFreeSlot = z.infer<typeof ZFreeSlotSchema>;

export const ZFreeSlotsResponseSchema = z.object({
  therapist_id: z.string(),
  /** The client's zone: the one dates and labels are in. */
  tz: z.string(),
  session_minutes: z.number().int(),
  /** Every day of the range in the client's zone, with its free starts (possibly none). */
  days: z.array(z.object({ date: z.string(), weekday: z.number().int(), slots: z.array(ZFreeSlotSchema) })),
});
export type TFreeSlotsResponse = z.infer<typeof ZFreeSlotsResponseSchema>;

export const ZSlotStatusSchema = z.enum([
  'held',
  'booked',
  'completed',
  'cancelled',
  'late_cancelled',
  'missed',
  'rescheduled',
  'expired',
]);
export type TSlotStatus = z.infer<typeof ZSlotStatusSchema>;

/** What the client sees before confirming a cancellation. */
export const ZCancelPolicySchema = z.object({
  /** Whether cancelling now gives the session back to the pass. */
  free: z.boolean(),
  free_until: z.string(),
  free_until_label: z.string(),
  /** 'Бесплатная отмена до 21.11.2026 в 19:00' or 'Сессия будет списана'. */
  message: z.string(),
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
});
export type TCancelPolicy = z.infer<typeof ZCancelPolicySchema>;

/** A session of the client, times in the client's zone. */
export const ZClientSlotSchema = z.object({
  id: z.string(),
  status: ZSlotStatusSchema,
  therapy_type: ZTherapyTypeSchema,
  therapist: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    avatar_thumb: z.string().nullable(),
  }),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_min: z.number().int(),
  tz: z.string(),
  date: z.string(),
  time: z.string(),
  starts_at_label: z.string(),
  /** Until when a held slot is kept for the client (null once booked). */
  hold_expires_at: z.string().nullable(),
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
  cancel_policy: ZCancelPolicySchema,
  /** The session took place and the client has not rated it yet: the rating is still offered. */
  can_rate: z.boolean(),
});
export type TClientSlot = z.infer<typeof ZClientSlotSchema>;

export const ZClientSlotsResponseSchema = z.object({
  upcoming: z.array(ZClientSlotSchema),
  past: z.array(ZClientSlotSchema),
});
export type TClientSlotsResponse = z.infer<typeof ZClientSlotsResponseSchema>;

export const ZSlotParamsSchema = z.object({ id: z.string().max(32) });

/** POST /api/v1/user/slots: hold a free time during checkout. */
export const ZHoldSlotRequestSchema = z
  .object({
    therapist_id: z.string({ error: 'Укажите психолога' }).min(1, { error: 'Укажите психолога' }).max(32),
    starts_at: instant,
    therapy_type: ZTherapyTypeSchema,
  })
  .strict();
export type THoldSlotRequest = z.infer<typeof ZHoldSlotRequestSchema>;

/** POST /api/v1/user/slots/:id/book: from the given pass, or the fitting one that expires first. */
export const ZBookSlotRequestSchema = z
  .object({ client_pass_id: z.string().max(32).optional() })
  .strict()
  .nullish();

export const ZRescheduleSlotRequestSchema = z.object({ starts_at: instant }).strict();
export type TRescheduleSlotRequest = z.infer<typeof ZRescheduleSlotRequestSchema>;

export const ZCancelSlotRequestSchema = z
  .object({ reason: z.string().max(500, { error: 'Не больше 500 символов' }).optional() })
  .strict()
  .nullish();

export const ZCancelSlotResponseSchema = z.object({
  slot: ZClientSlotSchema,
  /** True when the session went back to the pass (cancelled in time). */
  session_returned: z.boolean(),
  message: z.string(),
});
export type TCancelSlotResponse = z.infer<typeof ZCancelSlotResponseSchema>;
