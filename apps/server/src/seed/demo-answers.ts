import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../db/client.ts';
import { clientProfiles, therapistSuggestions, users } from '../db/schema/index.ts';
import { loadTherapists } from '../modules/matching/load-therapists.ts';
import { rankTherapists } from '../modules/matching/run-analysis.ts';
import type { TMatchClient } from '../modules/matching/score-therapist.ts';
import { createRandom } from './random.ts';

const SEED = 20261127;
const CHUNK = 500;

/**
 * A signed-up client has answered the questionnaire (signing up is finishing it): every demo client marked signed up
 * gets answers where the other seeds left none (the README's client gets topics their therapist works with), and
 * every one of them the suggestions the platform's own matching gives for their answers. Without this, «Психологи»
 * asked the demo client to fill a questionnaire the platform said was done (issue 12, item 6).
 */
export async function seedDemoAnswers(
  db: TDb,
  main: { clientId: number; topicCodes: string[] },
  now = new Date(),
): Promise<void> {
  const r = createRandom(SEED);
  const rows = await db
    .select({ id: users.id, profile: clientProfiles })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(and(eq(users.role, 'client'), eq(users.signedUp, true)))
    .orderBy(users.id);

  const answered = new Map<number, TMatchClient>();
  const missing: (typeof clientProfiles.$inferInsert)[] = [];
  for (const { id, profile } of rows) {
    if (profile?.therapyType && profile.topicCodes.length > 0) {
      const { therapyType, topicCodes, preferences, age } = profile;
      answered.set(id, { therapyType, topicCodes, preferences, age });
      continue;
    }
    const answers: TMatchClient = {
      therapyType: 'single',
      topicCodes:
        id === main.clientId && main.topicCodes.length > 0
          ? main.topicCodes
          : r.some(taxonomies.single_topics, 1, 3).map((topic) => topic.code),
      preferences: {},
      age: id === main.clientId ? 34 : r.int(22, 58),
    };
    answered.set(id, answers);
    missing.push({ userId: id, ...answers, step: 'done', updatedAt: now });
  }
  for (let i = 0; i < missing.length; i += CHUNK) {
    await db.insert(clientProfiles).values(missing.slice(i, i + CHUNK));
  }

  const therapists = await loadTherapists({ db });
  const suggestions = [...answered].flatMap(([userId, answers]) =>
    rankTherapists(therapists, answers, now).map((ranked, index) => ({
      userId,
      therapistId: ranked.therapistId,
      rank: index + 1,
      score: ranked.score,
      reasons: ranked.reasons,
    })),
  );
  for (let i = 0; i < suggestions.length; i += CHUNK) {
    await db.insert(therapistSuggestions).values(suggestions.slice(i, i + CHUNK));
  }
}
