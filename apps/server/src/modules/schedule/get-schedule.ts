import type { TSchedule } from '@therapy/contract';
import { and, asc, eq, gte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { availabilityExceptions, availabilityRules, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import { presentException } from './present-exception.ts';

/** GET /api/v1/therapist/schedule: weekly hours, length and buffer, and the exceptions from today on. */
export async function getSchedule(ctx: TAppContext, user: TUserRow): Promise<TSchedule> {
  const tz = zoneOrDefault(user.tz);
  const today = DateTime.now().setZone(tz).toISODate() ?? '';
  const [therapist] = await ctx.db.select().from(therapists).where(eq(therapists.userId, user.id));
  if (!therapist) throw new AppError('not_found', 'Профиль психолога не найден');
  const rules = await ctx.db
    .select()
    .from(availabilityRules)
    .where(eq(availabilityRules.therapistId, user.id))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
  const exceptions = await ctx.db
    .select()
    .from(availabilityExceptions)
    .where(and(eq(availabilityExceptions.therapistId, user.id), gte(availabilityExceptions.onDate, today)))
    .orderBy(asc(availabilityExceptions.onDate), asc(availabilityExceptions.startMinute));
  return {
    tz,
    session_minutes: therapist.sessionMinutes,
    buffer_minutes: therapist.bufferMinutes,
    accepting_clients: therapist.acceptingClients,
    rules: rules.map((r) => ({ weekday: r.weekday, start_minute: r.startMinute, end_minute: r.endMinute })),
    exceptions: exceptions.map((e) => presentException(ctx, e)),
  };
}
