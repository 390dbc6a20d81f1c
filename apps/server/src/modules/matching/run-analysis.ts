import type { TSuggestionsResponse, TTherapyType } from '@therapy/contract';
import { asc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { type TUserRow, therapistSuggestions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadClientProfile } from '../signup/client-profile.ts';
import { loadTherapists, type TTherapistRecord, toMatchTherapist } from './load-therapists.ts';
import { scoreTherapist, type TMatchClient } from './score-therapist.ts';
import { therapistCards } from './therapist-cards.ts';

const MAX_SUGGESTIONS = 10;

export type TRankedTherapist = { therapistId: number; score: number; reasons: string[] };

/** The therapists who fit a client's answers, best first (ties by id), at most MAX_SUGGESTIONS. Pure. */
export function rankTherapists(records: TTherapistRecord[], client: TMatchClient, now: Date): TRankedTherapist[] {
  return records
    .flatMap((record) => {
      const result = scoreTherapist(client, toMatchTherapist(record), now);
      return result.eligible ? [{ therapistId: record.user.id, score: result.score, reasons: result.reasons }] : [];
    })
    .sort((a, b) => b.score - a.score || a.therapistId - b.therapistId)
    .slice(0, MAX_SUGGESTIONS);
}

/** Ranks every therapist against a client's answers and keeps the best as the client's suggestions. */
async function rankAndSaveSuggestions(ctx: TAppContext, userId: number, client: TMatchClient, now: Date) {
  const ranked = rankTherapists(await loadTherapists(ctx), client, now);
  await ctx.db.transaction(async (tx) => {
    // One analysis of a client writes at a time: a second call (a double click, two tabs) waits for the
    // first to commit, then replaces its ranking, instead of inserting beside it into a unique violation.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // Suggestions are derived data: a new analysis replaces the previous ranking.
    await tx.delete(therapistSuggestions).where(eq(therapistSuggestions.userId, userId));
    if (ranked.length) {
      await tx.insert(therapistSuggestions).values(
        ranked.map((r, index) => ({
          userId,
          therapistId: r.therapistId,
          rank: index + 1,
          score: r.score,
          reasons: r.reasons,
        })),
      );
    }
  });
}

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
  await rankAndSaveSuggestions(
    ctx,
    user.id,
    {
      therapyType: profile.therapyType,
      topicCodes: profile.topicCodes,
      preferences: profile.preferences,
      age: profile.age,
    },
    now,
  );
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
