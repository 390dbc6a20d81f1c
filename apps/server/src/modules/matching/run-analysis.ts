import type { TSuggestionsResponse, TTherapyType } from '@therapy/contract';
import { asc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, therapistSuggestions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadClientProfile } from '../signup/client-profile.ts';
import { loadTherapists, toMatchTherapist } from './load-therapists.ts';
import { scoreTherapist } from './score-therapist.ts';
import { therapistCards } from './therapist-cards.ts';

const MAX_SUGGESTIONS = 10;

/** Ranks every therapist against the client's saved answers and keeps the best as the client's suggestions. */
export async function runTherapistAnalysis(
  ctx: TAppContext,
  user: TUserRow,
  now = new Date(),
): Promise<TSuggestionsResponse> {
  const profile = await loadClientProfile(ctx.db, user.id);
  if (!profile.therapyType || profile.topicCodes.length === 0) {
    throw new AppError(
      'validation_failed',
      'Чтобы подобрать психолога, ответьте на вопросы анкеты: вид терапии и темы',
    );
  }
  const client = {
    therapyType: profile.therapyType,
    topicCodes: profile.topicCodes,
    preferences: profile.preferences,
    age: profile.age,
  };
  const ranked = (await loadTherapists(ctx))
    .flatMap((record) => {
      const result = scoreTherapist(client, toMatchTherapist(record), now);
      return result.eligible ? [{ record, score: result.score, reasons: result.reasons }] : [];
    })
    .sort((a, b) => b.score - a.score || a.record.user.id - b.record.user.id)
    .slice(0, MAX_SUGGESTIONS);

  await ctx.db.transaction(async (tx) => {
    // One analysis of a client writes at a time: a second call (a double click, two tabs) waits for the
    // first to commit, then replaces its ranking, instead of inserting beside it into a unique violation.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    // Suggestions are derived data: a new analysis replaces the previous ranking.
    await tx.delete(therapistSuggestions).where(eq(therapistSuggestions.userId, user.id));
    if (ranked.length) {
      await tx.insert(therapistSuggestions).values(
        ranked.map((r, index) => ({
          userId: user.id,
          therapistId: r.record.user.id,
          rank: index + 1,
          score: r.score,
          reasons: r.reasons,
        })),
      );
    }
  });
  return listSuggestions(ctx, user, now);
}

export async function listSuggestions(
  ctx: TAppContext,
  user: TUserRow,
  now = new Date(),
): Promise<TSuggestionsResponse> {
  const rows = await ctx.db
    .select()
    .from(therapistSuggestions)
    .where(eq(therapistSuggestions.userId, user.id))
    .orderBy(asc(therapistSuggestions.rank));
  const profile = await loadClientProfile(ctx.db, user.id);
  const therapyType: TTherapyType = profile.therapyType ?? 'single';
  const records = await loadTherapists(
    ctx,
    rows.map((r) => r.therapistId),
  );
  const cards = await therapistCards(ctx, records, { clientId: user.id, currency: user.currency, therapyType, now });
  return {
    suggestions: rows.flatMap((row) => {
      const therapist = cards.get(row.therapistId);
      return therapist ? [{ rank: row.rank, score: row.score, reasons: row.reasons, therapist }] : [];
    }),
  };
}

/**
 * How many therapists match the client's saved answers now: those who pass the hard filters of
 * `scoreTherapist` (format, sex, language, price tier, age). The questionnaire shows it live as each
 * step is saved, before any analysis has run; without a therapy type yet, either format counts.
 */
export async function countSuggestions(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<{ count: number }> {
  const profile = await loadClientProfile(ctx.db, user.id);
  const formats: TTherapyType[] = profile.therapyType ? [profile.therapyType] : ['single', 'couple'];
  const matching = (await loadTherapists(ctx)).filter((record) => {
    const therapist = toMatchTherapist(record);
    return formats.some(
      (therapyType) =>
        scoreTherapist(
          { therapyType, topicCodes: profile.topicCodes, preferences: profile.preferences, age: profile.age },
          therapist,
          now,
        ).eligible,
    );
  });
  return { count: matching.length };
}
