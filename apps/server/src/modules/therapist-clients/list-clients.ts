import { CLIENT_ARCHIVE_AFTER_DAYS, type TTherapistClient } from '@therapy/contract';
import { and, asc, eq, gt, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAppContext } from '../../context.ts';
import { slots, type TUserRow, users } from '../../db/schema/index.ts';
import { personName } from '../../lib/person-name.ts';
import { momentIn, standingSlotOf } from './present-moment.ts';

const DAY = 86_400_000;
/** How far ahead a standing time is looked for: a regular weekday and hour shows within twelve weeks. */
const STANDING_HORIZON_DAYS = 84;
/** A hold that lapsed or was let go is no relationship: everything else makes someone the therapist's client. */
const NOT_A_BOOKING = ['held', 'expired'] as const;
/** Sessions that count for "had a session lately" (the archive rule). */
const TOOK_PLACE_OR_BOOKED = sql`('booked', 'completed', 'missed', 'late_cancelled')`;

type TScope = { therapistId: number; now: Date; onlyClientId?: number | undefined };

/**
 * The grouped query: per client of the therapist, the figures of their slots (over index
 * slots_therapist_idx), joined to the client, the couple partner and the next slot.
 * Exported for the bench, which prints its plan.
 */
export function clientFiguresQuery(ctx: Pick<TAppContext, 'db'>, scope: TScope) {
  const nowIso = scope.now.toISOString();
  const mine = and(
    eq(slots.therapistId, scope.therapistId),
    notInArray(slots.status, [...NOT_A_BOOKING]),
    scope.onlyClientId === undefined ? undefined : eq(slots.clientId, scope.onlyClientId),
  ) as SQL;
  const partner = alias(users, 'partner');
  // One hash aggregate and no sort per client: the latest slot's type and partner and the next slot's id ride
  // along with its start in an array, whose max/min compares the start first.
  const grouped = ctx.db
    .select({
      clientId: slots.clientId,
      done: sql<number>`count(*) filter (where ${slots.status} = 'completed')::int`.as('done'),
      lastAt: sql<
        string | null
      >`max(${slots.startsAt}) filter (where ${slots.startsAt} <= ${nowIso}::timestamptz and ${slots.status} in ${TOOK_PLACE_OR_BOOKED})`.as(
        'last_at',
      ),
      latest:
        sql<unknown>`max(array[extract(epoch from ${slots.startsAt})::bigint, (${slots.therapyType} = 'couple')::int, coalesce(${slots.partnerClientId}, 0)])`.as(
          'latest',
        ),
      next: sql<unknown>`min(array[extract(epoch from ${slots.startsAt})::bigint, ${slots.id}]) filter (where ${slots.status} = 'booked' and ${slots.startsAt} > ${nowIso}::timestamptz)`.as(
        'next',
      ),
    })
    .from(slots)
    .where(mine)
    .groupBy(slots.clientId)
    .as('grouped');
  const next = alias(slots, 'next_slot');

  return ctx.db
    .select({
      g: {
        done: grouped.done,
        lastAt: grouped.lastAt,
        couple: sql<boolean>`(${grouped.latest})[2] = 1`,
      },
      client: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        erasedAt: users.erasedAt,
      },
      partner: {
        firstName: partner.firstName,
        lastName: partner.lastName,
        email: partner.email,
        erasedAt: partner.erasedAt,
      },
      next: { id: next.id, startsAt: next.startsAt, therapyType: next.therapyType },
    })
    .from(grouped)
    .innerJoin(users, eq(users.id, grouped.clientId))
    .leftJoin(partner, sql`${partner.id} = (${grouped.latest})[3]`)
    .leftJoin(next, sql`${next.id} = (${grouped.next})[2]`);
}

/** The therapist's booked sessions of the next STANDING_HORIZON_DAYS, soonest first: what the standing times are read from. */
export function futureSessionsQuery(ctx: Pick<TAppContext, 'db'>, scope: TScope) {
  return ctx.db
    .select({ clientId: slots.clientId, startsAt: slots.startsAt })
    .from(slots)
    .where(
      and(
        eq(slots.therapistId, scope.therapistId),
        eq(slots.status, 'booked'),
        gt(slots.startsAt, scope.now),
        lt(slots.startsAt, new Date(scope.now.getTime() + STANDING_HORIZON_DAYS * DAY)),
        scope.onlyClientId === undefined ? undefined : eq(slots.clientId, scope.onlyClientId),
      ),
    )
    .orderBy(asc(slots.startsAt));
}

/**
 * The therapist's clients with their figures: one grouped query over the therapist's slots,
 * plus one for the future sessions that give the standing time. `onlyClientId` narrows it to
 * one client (the client page).
 */
export async function loadTherapistClients(
  ctx: TAppContext,
  therapist: TUserRow,
  o: { now?: Date; onlyClientId?: number } = {},
): Promise<TTherapistClient[]> {
  const now = o.now ?? new Date();
  const scope = { therapistId: therapist.id, now, onlyClientId: o.onlyClientId };
  const [rows, futureRows] = await Promise.all([clientFiguresQuery(ctx, scope), futureSessionsQuery(ctx, scope)]);
  const futureByClient = new Map<number, Date[]>();
  for (const row of futureRows) {
    const list = futureByClient.get(row.clientId) ?? [];
    list.push(row.startsAt);
    futureByClient.set(row.clientId, list);
  }

  const archiveBefore = now.getTime() - CLIENT_ARCHIVE_AFTER_DAYS * DAY;
  return rows.map(({ g, client, partner: p, next: n }) => {
    const lastAt = g.lastAt ? new Date(g.lastAt) : null;
    const recent = lastAt !== null && lastAt.getTime() >= archiveBefore;
    return {
      hashid: ctx.hashids.encode('user', client.id),
      // An erased client's names are blank already; the name reads «Клиент удалил аккаунт».
      first_name: client.firstName,
      last_name: client.lastName,
      name: personName(client),
      avatar: null,
      therapy_type: g.couple ? 'couple' : 'single',
      partner_name: p?.email ? personName(p) : null,
      sessions_done: g.done,
      next_session: n?.id
        ? {
            slot_hashid: ctx.hashids.encode('slot', n.id),
            starts_at: momentIn(n.startsAt, therapist.tz),
            therapy_type: n.therapyType,
          }
        : null,
      last_session_at: lastAt?.toISOString() ?? null,
      standing_slot: standingSlotOf(futureByClient.get(client.id) ?? [], therapist.tz),
      archived: !n?.id && !recent,
    };
  });
}

/** Those with a next session first (soonest first), then by the latest session, newest first, then by name. */
export function sortClients(list: TTherapistClient[]): TTherapistClient[] {
  const key = (c: TTherapistClient) => c.next_session?.starts_at.at ?? null;
  return [...list].sort((a, b) => {
    const na = key(a);
    const nb = key(b);
    if (na && nb) return na.localeCompare(nb);
    if (na) return -1;
    if (nb) return 1;
    const la = a.last_session_at ?? '';
    const lb = b.last_session_at ?? '';
    if (la !== lb) return lb.localeCompare(la);
    return a.name.localeCompare(b.name, 'ru');
  });
}

/** GET /api/v1/therapist/users?archived=: the active or the archived clients. */
export async function listTherapistClients(
  ctx: TAppContext,
  therapist: TUserRow,
  archived: boolean,
): Promise<TTherapistClient[]> {
  const all = await loadTherapistClients(ctx, therapist);
  return sortClients(all.filter((c) => c.archived === archived));
}
