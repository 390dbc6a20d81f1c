import { z } from 'zod';
import { isYearInRange, MAX_YEAR, MIN_YEAR } from './instant.ts';

/** Weekday 0 is Monday (spec §9). */
export const WEEKDAY_NAMES_RU = [
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
  'воскресенье',
] as const;
export const MINUTES_PER_DAY = 1440;
export const SESSION_MINUTES_MIN = 30;
export const SESSION_MINUTES_MAX = 180;
export const BUFFER_MINUTES_MAX = 60;
export const MAX_RULES = 50;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const minuteOfDay = (what: string) =>
  z
    .number({ error: `Укажите ${what} в минутах от начала дня` })
    .int({ error: `${what} — целое число минут` })
    .min(0, { error: 'Время не может быть раньше 00:00' })
    .max(MINUTES_PER_DAY, { error: 'Время не может быть позже 24:00' });

/** A date in the form YYYY-MM-DD that exists in the calendar. */
export const ZLocalDateSchema = z
  .string({ error: 'Укажите дату в формате ГГГГ-ММ-ДД' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Укажите дату в формате ГГГГ-ММ-ДД' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { error: 'Такой даты нет в календаре' },
  )
  .refine((value) => isYearInRange(Date.parse(`${value}T00:00:00Z`)), {
    error: `Дата должна быть между ${MIN_YEAR} и ${MAX_YEAR} годом`,
  });

/** One working window of a weekday, in minutes from the therapist's local midnight. */
export const ZAvailabilityRuleSchema = z
  .object({
    weekday: z
      .number({ error: 'Укажите день недели' })
      .int({ error: 'Неизвестный день недели' })
      .min(0, { error: 'Неизвестный день недели' })
      .max(6, { error: 'Неизвестный день недели' }),
    start_minute: minuteOfDay('начало'),
    end_minute: minuteOfDay('конец'),
  })
  .refine((rule) => rule.start_minute < rule.end_minute, {
    error: 'Конец рабочего окна должен быть позже начала',
    path: ['end_minute'],
  });
export type TAvailabilityRule = z.infer<typeof ZAvailabilityRuleSchema>;

/** Windows of one day must not overlap; the message names the day and both windows. */
function checkNoOverlap(rules: readonly TAvailabilityRule[], ctx: z.RefinementCtx) {
  const sorted = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => {
      return a.rule.weekday - b.rule.weekday || a.rule.start_minute - b.rule.start_minute;
    });
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const next = sorted[i];
    if (!prev || !next || prev.rule.weekday !== next.rule.weekday) continue;
    if (next.rule.start_minute < prev.rule.end_minute) {
      ctx.addIssue({
        code: 'custom',
        path: [next.index, 'start_minute'],
        message: `Рабочие окна пересекаются: ${WEEKDAY_NAMES_RU[next.rule.weekday]}, ${hhmm(prev.rule.start_minute)}–${hhmm(prev.rule.end_minute)} и ${hhmm(next.rule.start_minute)}–${hhmm(next.rule.end_minute)}`,
      });
    }
  }
}

export const ZScheduleUpdateSchema = z
  .object({
    rules: z
      .array(ZAvailabilityRuleSchema, { error: 'Укажите рабочие часы списком' })
      .max(MAX_RULES, { error: `Не больше ${MAX_RULES} рабочих окон` })
      .superRefine(checkNoOverlap),
    session_minutes: z
      .number({ error: 'Укажите длительность сессии в минутах' })
      .int({ error: 'Длительность сессии — целое число минут' })
      .min(SESSION_MINUTES_MIN, { error: `Сессия длится не меньше ${SESSION_MINUTES_MIN} минут` })
      .max(SESSION_MINUTES_MAX, { error: `Сессия длится не больше ${SESSION_MINUTES_MAX} минут` }),
    buffer_minutes: z
      .number({ error: 'Укажите перерыв между сессиями в минутах' })
      .int({ error: 'Перерыв — целое число минут' })
      .min(0, { error: 'Перерыв не может быть отрицательным' })
      .max(BUFFER_MINUTES_MAX, { error: `Перерыв не больше ${BUFFER_MINUTES_MAX} минут` }),
    /** Whether new clients may book; left out, it stays as it is. */
    accepting_clients: z.boolean({ error: 'Укажите да или нет' }).optional(),
  })
  .strict();
export type TScheduleUpdate = z.infer<typeof ZScheduleUpdateSchema>;

export const ZAvailabilityExceptionKindSchema = z.enum(['day_off', 'extra_hours'], {
  error: 'Тип исключения: day_off (выходной) или extra_hours (дополнительные часы)',
});

export const ZAvailabilityExceptionCreateSchema = z
  .object({
    date: ZLocalDateSchema,
    kind: ZAvailabilityExceptionKindSchema,
    start_minute: minuteOfDay('начало').nullable().optional(),
    end_minute: minuteOfDay('конец').nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const hasStart = typeof value.start_minute === 'number';
    const hasEnd = typeof value.end_minute === 'number';
    if (value.kind === 'day_off') {
      if (hasStart || hasEnd) {
        ctx.addIssue({ code: 'custom', path: ['start_minute'], message: 'Выходной день не имеет рабочих часов' });
      }
      return;
    }
    if (!hasStart) ctx.addIssue({ code: 'custom', path: ['start_minute'], message: 'Укажите начало' });
    if (!hasEnd) ctx.addIssue({ code: 'custom', path: ['end_minute'], message: 'Укажите конец' });
    if (hasStart && hasEnd && (value.start_minute as number) >= (value.end_minute as number)) {
      ctx.addIssue({ code: 'custom', path: ['end_minute'], message: 'Конец должен быть позже начала' });
    }
  });
export type TAvailabilityExceptionCreate = z.infer<typeof ZAvailabilityExceptionCreateSchema>;

export const ZAvailabilityExceptionSchema = z.object({
  id: z.string(),
  date: z.string(),
  kind: ZAvailabilityExceptionKindSchema,
  start_minute: z.number().int().nullable(),
  end_minute: z.number().int().nullable(),
});
export type TAvailabilityException = z.infer<typeof ZAvailabilityExceptionSchema>;

/** GET/PUT /api/v1/therapist/schedule: the weekly hours in the therapist's own zone. */
export const ZScheduleSchema = z.object({
  tz: z.string(),
  session_minutes: z.number().int(),
  buffer_minutes: z.number().int(),
  accepting_clients: z.boolean(),
  rules: z.array(z.object({ weekday: z.number().int(), start_minute: z.number().int(), end_minute: z.number().int() })),
  /** Exceptions from today on (in the therapist's zone), by date. */
  exceptions: z.array(ZAvailabilityExceptionSchema),
});
export type TSchedule = z.infer<typeof ZScheduleSchema>;

export const ZScheduleExceptionParamsSchema = z.object({ id: z.string().max(32) });

export const ZUnschedRequestSchema = z.object({
  user_hashid: z.string({ error: 'Укажите клиента' }).min(1, { error: 'Укажите клиента' }).max(32),
});
export const ZUnschedResponseSchema = z.object({ success: z.literal(true), cancelled_count: z.number().int() });

/**
 * A booked session a schedule change would leave outside the working hours. A change (new
 * weekly hours, a day off, removing extra hours) is refused with 409 `conflict` when a future
 * booked session that fits the hours today would no longer fit them; the error body lists
 * those sessions in `clashes`. Sessions already outside the hours (booked before an earlier
 * change) do not block a change that does not touch them.
 */
export const ZScheduleClashSchema = z.object({
  slot_id: z.string(),
  starts_at: z.string(),
  duration_min: z.number().int(),
  /** The start in the therapist's own zone, spec §9: '30.11.2026 в 10:00'. */
  local_label: z.string(),
  client_name: z.string(),
});
export type TScheduleClash = z.infer<typeof ZScheduleClashSchema>;

export const ZExceptionDeletedSchema = z.object({ success: z.literal(true) });

/**
 * The therapist's private calendar feed: an iCalendar file of their booked and completed sessions
 * (the last 60 days and the next year; cancelled and moved ones left out, a moved session keeps
 * its UID), at a secret URL that anyone holding it can read. Reset makes a new URL and the old
 * one answers 404.
 */
export const ZCalendarFeedSchema = z.object({
  /** https://…/api/v1/calendar/<token>.ics, for Google Calendar, Outlook and the like. */
  url: z.string(),
  /** The same feed as webcal://…, which Apple Calendar and Outlook open as a subscription. */
  webcal_url: z.string(),
});
export type TCalendarFeed = z.infer<typeof ZCalendarFeedSchema>;

/** `<token>.ics`: the token is 43 URL-safe characters (256 random bits). */
export const ZCalendarFeedParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, { error: 'Календарь не найден' }),
});
