import type { TSignupQuestions, TSignupQuestionsUpdate } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { clientProfiles, type TUserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { coupleTopics, isKnown, singleTopics } from '../../lib/taxonomies.ts';
import { refreshSessionsOfUser } from '../../lib/user-sessions.ts';
import { loadClientProfile, type TClientProfileRow } from './client-profile.ts';

const present = (profile: TClientProfileRow, user: TUserRow): TSignupQuestions => ({
  therapy_type: profile.therapyType,
  topic_codes: profile.topicCodes,
  preferences: profile.preferences,
  step: profile.step as TSignupQuestions['step'],
  completed: user.signedUp,
});

export async function getSignupQuestions(ctx: TAppContext, user: TUserRow): Promise<TSignupQuestions> {
  return present(await loadClientProfile(ctx.db, user.id), user);
}

/** Field errors for codes that are not in the taxonomies (a topic must fit the therapy type). */
function checkCodes(input: TSignupQuestionsUpdate, therapyType: 'single' | 'couple' | null): Record<string, string> {
  const fields: Record<string, string> = {};
  const topics = new Set((therapyType === 'couple' ? coupleTopics : singleTopics).map((t) => t.code));
  if (input.topic_codes?.some((code) => !topics.has(code))) fields.topic_codes = 'Выберите темы из списка';
  const prefs = input.preferences;
  if (prefs?.language_ids?.some((code) => !isKnown('language', code)))
    fields['preferences.language_ids'] = 'Выберите языки из списка';
  if (prefs?.method_codes?.some((code) => !isKnown('method', code)))
    fields['preferences.method_codes'] = 'Выберите подходы из списка';
  const age = prefs?.therapist_age;
  if (age?.min !== undefined && age.max !== undefined && age.min > age.max) {
    fields['preferences.therapist_age'] = 'Минимальный возраст больше максимального';
  }
  return fields;
}

/** Saves the answers of one step; `complete` finishes the questionnaire and marks the client signed up. */
export async function updateSignupQuestions(
  ctx: TAppContext,
  user: TUserRow,
  input: TSignupQuestionsUpdate,
): Promise<TSignupQuestions> {
  const answer = await ctx.db.transaction(async (tx) => {
    const current = await loadClientProfile(tx, user.id);
    const therapyType = input.therapy_type ?? current.therapyType;
    const fields = checkCodes(input, therapyType);
    if (Object.keys(fields).length) throw new AppError('validation_failed', undefined, fields);
    // Switching single ↔ couple drops topics that belong to the other list.
    const topicCodes =
      input.topic_codes ?? (input.therapy_type && input.therapy_type !== current.therapyType ? [] : current.topicCodes);
    const topicsLeft = topicCodes.length;
    if (input.complete && (!therapyType || topicsLeft === 0)) {
      throw new AppError('validation_failed', 'Чтобы подобрать психолога, выберите вид терапии и хотя бы одну тему', {
        ...(therapyType ? {} : { therapy_type: 'Выберите вид терапии' }),
        ...(topicsLeft ? {} : { topic_codes: 'Выберите хотя бы одну тему' }),
      });
    }
    const [profile] = await tx
      .update(clientProfiles)
      .set({
        therapyType,
        topicCodes,
        preferences: input.preferences ?? current.preferences,
        step: input.complete ? 'done' : (input.step ?? current.step),
        updatedAt: new Date(),
      })
      .where(eq(clientProfiles.userId, user.id))
      .returning();
    const [updatedUser] = input.complete
      ? await tx.update(users).set({ signedUp: true }).where(eq(users.id, user.id)).returning()
      : [user];
    if (!profile || !updatedUser) throw new AppError('internal');
    return present(profile, updatedUser);
  });
  // Signed up now: the cached copies of the client's sessions hold the row from before.
  if (input.complete && !user.signedUp) await refreshSessionsOfUser(ctx, user.id);
  return answer;
}
