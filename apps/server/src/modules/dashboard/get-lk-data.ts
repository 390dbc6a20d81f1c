import type { TLkData } from '@therapy/contract';
import { freeCancelUntil } from '@therapy/contract/rules';
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import {
  businesses,
  clientPasses,
  employees,
  passes,
  slots,
  type TUserRow,
  therapists,
  users,
} from '../../db/schema/index.ts';

async function nextSession(ctx: TAppContext, userId: number, now: Date) {
  const [row] = await ctx.db
    .select({ slot: slots, therapist: users, avatar: therapists.avatarThumb })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.therapistId))
    .innerJoin(therapists, eq(therapists.userId, slots.therapistId))
    .where(
      and(
        eq(slots.clientId, userId),
        eq(slots.status, 'booked'),
        // A session that has started but not ended is still "next": the client may need to join it.
        gt(sql`${slots.startsAt} + make_interval(mins => ${slots.durationMin})`, now),
      ),
    )
    .orderBy(asc(slots.startsAt))
    .limit(1);
  return row ?? null;
}

async function lastTherapist(ctx: TAppContext, userId: number) {
  const [row] = await ctx.db
    .select({ therapist: users, avatar: therapists.avatarThumb })
    .from(slots)
    .innerJoin(users, eq(users.id, slots.therapistId))
    .innerJoin(therapists, eq(therapists.userId, slots.therapistId))
    .where(and(eq(slots.clientId, userId), eq(slots.status, 'completed')))
    .orderBy(desc(slots.startsAt))
    .limit(1);
  return row ?? null;
}

export async function getLkData(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TLkData> {
  const [next, last, counts, activePasses, employer] = await Promise.all([
    nextSession(ctx, user.id, now),
    lastTherapist(ctx, user.id),
    ctx.db
      .select({
        completed: sql<number>`count(*) filter (where ${slots.status} = 'completed')::int`,
        upcoming: sql<number>`count(*) filter (where ${slots.status} = 'booked' and ${slots.startsAt} > ${now})::int`,
      })
      .from(slots)
      .where(eq(slots.clientId, user.id)),
    ctx.db
      .select({ clientPass: clientPasses, pass: passes })
      .from(clientPasses)
      .innerJoin(passes, eq(passes.id, clientPasses.passId))
      .where(and(eq(clientPasses.userId, user.id), inArray(clientPasses.status, ['active'])))
      .orderBy(asc(clientPasses.expiresAt), asc(clientPasses.id)),
    ctx.db
      .select({ name: businesses.name })
      .from(employees)
      .innerJoin(businesses, eq(businesses.id, employees.businessId))
      .where(
        and(
          eq(employees.userId, user.id),
          or(isNull(employees.leftOn), gt(employees.leftOn, now.toISOString().slice(0, 10))),
        ),
      )
      .limit(1),
  ]);

  const therapistRow = next ? { therapist: next.therapist, avatar: next.avatar } : last;
  const person = (u: TUserRow, avatar: string | null) => ({
    id: ctx.hashids.encode('user', u.id),
    first_name: u.firstName,
    last_name: u.lastName,
    userpic_url: avatar,
  });
  const current = activePasses[0];
  return {
    first_name: user.firstName,
    tz: user.tz,
    signed_up: user.signedUp,
    completed_sessions_count: counts[0]?.completed ?? 0,
    upcoming_sessions_count: counts[0]?.upcoming ?? 0,
    next_session: next
      ? {
          id: ctx.hashids.encode('slot', next.slot.id),
          starts_at: next.slot.startsAt.toISOString(),
          ends_at: new Date(next.slot.startsAt.getTime() + next.slot.durationMin * 60_000).toISOString(),
          therapy_type: next.slot.therapyType,
          therapist: person(next.therapist, next.avatar),
          // The room opens a little before the start (video config), so both sides can check their devices.
          join_opens_at: new Date(
            next.slot.startsAt.getTime() - ctx.config.VIDEO_JOIN_EARLY_MINUTES * 60_000,
          ).toISOString(),
          free_cancel_until: freeCancelUntil(next.slot.startsAt).toISOString(),
        }
      : null,
    therapist: therapistRow ? person(therapistRow.therapist, therapistRow.avatar) : null,
    pass: current
      ? {
          id: ctx.hashids.encode('client_pass', current.clientPass.id),
          status: current.clientPass.status,
          therapy_type: current.pass.therapyType,
          sessions_total: current.clientPass.sessionsTotal,
          sessions_left: current.clientPass.sessionsLeft,
          expires_at: current.clientPass.expiresAt?.toISOString() ?? null,
        }
      : null,
    sessions_left: activePasses.reduce((sum, p) => sum + p.clientPass.sessionsLeft, 0),
    employer: employer[0] ? { business_name: employer[0].name, covers_sessions: true } : null,
  };
}
