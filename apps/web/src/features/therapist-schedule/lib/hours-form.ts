import {
  BUFFER_MINUTES_MAX,
  SESSION_MINUTES_MAX,
  SESSION_MINUTES_MIN,
  type TSchedule,
  type TScheduleUpdate,
} from '@therapy/contract';
import { z } from 'zod';
import { fromHhmm, HHMM, toHhmm } from './minutes.ts';

const time = z.string().regex(HHMM, { error: 'Укажите время ЧЧ:ММ' });

/**
 * The hours form: times as 'HH:MM' (an end of 00:00 is midnight), the limits are the contract's; the
 * overlap of two windows on one day is the contract's check too and comes back from the server.
 */
export const ZHoursFormSchema = z.object({
  session_minutes: z
    .number({ error: 'Укажите длительность сессии' })
    .int({ error: 'Целое число минут' })
    .min(SESSION_MINUTES_MIN, { error: `Не меньше ${SESSION_MINUTES_MIN} минут` })
    .max(SESSION_MINUTES_MAX, { error: `Не больше ${SESSION_MINUTES_MAX} минут` }),
  buffer_minutes: z
    .number({ error: 'Укажите перерыв' })
    .int({ error: 'Целое число минут' })
    .min(0, { error: 'Перерыв не может быть отрицательным' })
    .max(BUFFER_MINUTES_MAX, { error: `Не больше ${BUFFER_MINUTES_MAX} минут` }),
  accepting_clients: z.boolean(),
  windows: z.array(
    z
      .object({ weekday: z.number().int().min(0).max(6), start: time, end: time })
      .refine((w) => fromHhmm(w.start) < fromHhmm(w.end, true), {
        error: 'Конец должен быть позже начала',
        path: ['end'],
      }),
  ),
});
export type THoursForm = z.infer<typeof ZHoursFormSchema>;

export const toHoursForm = (schedule: TSchedule): THoursForm => ({
  session_minutes: schedule.session_minutes,
  buffer_minutes: schedule.buffer_minutes,
  accepting_clients: schedule.accepting_clients,
  windows: schedule.rules.map((r) => ({
    weekday: r.weekday,
    start: toHhmm(r.start_minute),
    end: toHhmm(r.end_minute),
  })),
});

export const toScheduleUpdate = (form: THoursForm): TScheduleUpdate => ({
  session_minutes: form.session_minutes,
  buffer_minutes: form.buffer_minutes,
  accepting_clients: form.accepting_clients,
  rules: form.windows.map((w) => ({
    weekday: w.weekday,
    start_minute: fromHhmm(w.start),
    end_minute: fromHhmm(w.end, true),
  })),
});
