import { genomCounters, readGenom, type TTherapistTier } from '@therapy/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TTherapistRow, type TUserRow, therapists, users } from '../../db/schema/index.ts';
import type { TMatchTherapist } from './score-therapist.ts';

export type TTherapistRecord = { user: TUserRow; therapist: TTherapistRow };

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

/** Therapists with their profiles: all of them, or those with the given ids. */
export async function loadTherapists(ctx: Pick<TAppContext, 'db'>, ids?: number[]): Promise<TTherapistRecord[]> {
  if (ids && ids.length === 0) return [];
  return ctx.db
    .select({ user: users, therapist: therapists })
    .from(therapists)
    .innerJoin(users, eq(users.id, therapists.userId))
    .where(and(eq(users.role, 'therapist'), ids ? inArray(therapists.userId, ids) : undefined))
    .orderBy(therapists.userId);
}

/** The genom read for matching: codes of topics, methods and languages, age groups, birth year. */
export function toMatchTherapist({ therapist }: TTherapistRecord): TMatchTherapist {
  const g = therapist.genom;
  const counters = genomCounters(readGenom(g));
  const filled = counters.about_clients[0] + counters.private_info[0];
  const total = counters.about_clients[1] + counters.private_info[1];
  const dob = typeof g.dob === 'string' ? Number(g.dob.slice(0, 4)) : Number.NaN;
  return {
    id: therapist.userId,
    female: therapist.female,
    single: therapist.single,
    couple: therapist.couple,
    tier: therapist.tier as TTherapistTier,
    acceptingClients: therapist.acceptingClients,
    practiceStart: therapist.practiceStart,
    topicCodes: [...strings(g.topics), ...strings(g.couple_topics)],
    methodCodes: strings(g.working_methods),
    languageIds: strings(g.language_ids),
    ageGroups: strings(g.age_groups),
    birthYear: Number.isFinite(dob) ? dob : null,
    genomCompleteness: total ? filled / total : 0,
  };
}
