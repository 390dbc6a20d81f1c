import type { TCurrency, TTherapistCard, TTherapyType } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { passes } from '../../db/schema/index.ts';
import { optionsOf } from '../../lib/taxonomies.ts';
import { nearestFreeStarts } from '../schedule/get-free-slots.ts';
import { type TTherapistRecord, toMatchTherapist } from './load-therapists.ts';
import { experienceYears } from './score-therapist.ts';

export type TCardViewer = { clientId: number; currency: TCurrency; therapyType: TTherapyType; now: Date };

/** Price of one session per tier, from the 1-session passes: one query for any number of cards. */
async function singleSessionPrices(ctx: TAppContext, therapyType: TTherapyType) {
  const rows = await ctx.db
    .select()
    .from(passes)
    .where(and(eq(passes.sessionsCount, 1), eq(passes.therapyType, therapyType), eq(passes.active, true)));
  return new Map(rows.map((p) => [p.tier, p]));
}

export async function therapistCards(
  ctx: TAppContext,
  records: TTherapistRecord[],
  viewer: TCardViewer,
): Promise<Map<number, TTherapistCard>> {
  const [prices, nearest] = await Promise.all([
    singleSessionPrices(ctx, viewer.therapyType),
    // A handful of cards at a time (suggestions are capped), so one availability read each is fine.
    Promise.all(records.map((record) => nearestFreeStarts(ctx, record, viewer.clientId))),
  ]);
  const cards = new Map<number, TTherapistCard>();
  for (const [index, record] of records.entries()) {
    const { user, therapist } = record;
    const match = toMatchTherapist(record);
    const pass = prices.get(therapist.tier);
    cards.set(user.id, {
      id: ctx.hashids.encode('user', user.id),
      first_name: user.firstName,
      last_name: user.lastName,
      female: therapist.female,
      age: match.birthYear === null ? null : viewer.now.getUTCFullYear() - match.birthYear,
      userpic_url: therapist.avatarThumb,
      description: typeof therapist.genom.desc === 'string' ? therapist.genom.desc : null,
      experience_years: experienceYears(therapist.practiceStart, viewer.now),
      practice_start: therapist.practiceStart,
      // What staff rejected is not shown; the rest of the entry (documents, checks) is the therapist's own.
      education: therapist.education
        .filter((e) => e.verification !== 'rejected')
        .map(({ title, institution, year }) => ({ title, institution, year })),
      methods: optionsOf('method', match.methodCodes),
      topics: optionsOf('topic', match.topicCodes),
      languages: optionsOf('language', match.languageIds),
      single: therapist.single,
      couple: therapist.couple,
      tier: match.tier,
      price: pass
        ? { amount: viewer.currency === 'eur' ? pass.priceEur : pass.priceRub, currency: viewer.currency }
        : null,
      nearest_slots: (nearest[index] ?? []).map((d) => d.toISOString()),
    });
  }
  return cards;
}
