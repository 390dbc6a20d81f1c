import type { TClientPreferences, TTherapistTier, TTherapyType } from '@therapy/contract';
import { optionsOf } from '../../lib/taxonomies.ts';

export type TMatchClient = {
  therapyType: TTherapyType;
  topicCodes: string[];
  preferences: TClientPreferences;
  age: number | null;
};

export type TMatchTherapist = {
  id: number;
  female: boolean;
  single: boolean;
  couple: boolean;
  tier: TTherapistTier;
  acceptingClients: boolean;
  practiceStart: string | null;
  topicCodes: string[];
  methodCodes: string[];
  languageIds: string[];
  /** Client age groups from the genom, such as '25–34' or '60+'. */
  ageGroups: string[];
  birthYear: number | null;
  /** Share of the genom filled, 0..1. */
  genomCompleteness: number;
};

export type TMatchResult =
  | { eligible: false; excludedBy: string }
  | { eligible: true; score: number; reasons: string[] };

/**
 * How a therapist is ranked for a client. Deterministic: the same answers and profiles give
 * the same order (ties broken by therapist id by the caller).
 *
 * Hard filters (a therapist who fails one is never suggested):
 * - accepts new clients;
 * - works in the requested format: couples therapy needs `couple`, individual needs `single`;
 * - the requested sex, when the client asked for one;
 * - speaks at least one of the requested languages;
 * - is in one of the requested price tiers;
 * - is within the requested age range (therapists with no birth date are kept out of a range).
 *
 * Score, 0–100 points:
 * - topics: up to 45, the share of the client's topics the therapist works with;
 * - approaches: up to 20, the share of requested methods practised (10 when none requested);
 * - experience: up to 15, one point per 1⅓ years, capped at 20 years;
 * - the client's age group among those the therapist works with: 10;
 * - profile completeness: up to 10 (a fuller genom is a more reliable match).
 */
export function scoreTherapist(client: TMatchClient, t: TMatchTherapist, now: Date): TMatchResult {
  const prefs = client.preferences;
  if (!t.acceptingClients) return { eligible: false, excludedBy: 'not_accepting' };
  if (client.therapyType === 'couple' ? !t.couple : !t.single) return { eligible: false, excludedBy: 'therapy_type' };
  if (prefs.therapist_sex === 'female' && !t.female) return { eligible: false, excludedBy: 'sex' };
  if (prefs.therapist_sex === 'male' && t.female) return { eligible: false, excludedBy: 'sex' };
  const languages = prefs.language_ids ?? [];
  if (languages.length && !languages.some((l) => t.languageIds.includes(l))) {
    return { eligible: false, excludedBy: 'language' };
  }
  if (prefs.price_tiers?.length && !prefs.price_tiers.includes(t.tier)) return { eligible: false, excludedBy: 'price' };
  const age = t.birthYear === null ? null : now.getUTCFullYear() - t.birthYear;
  const range = prefs.therapist_age;
  if (range && (range.min !== undefined || range.max !== undefined)) {
    if (age === null || (range.min !== undefined && age < range.min) || (range.max !== undefined && age > range.max)) {
      return { eligible: false, excludedBy: 'age' };
    }
  }

  const reasons: string[] = [];
  let score = 0;

  const sharedTopics = client.topicCodes.filter((c) => t.topicCodes.includes(c));
  if (client.topicCodes.length) score += (45 * sharedTopics.length) / client.topicCodes.length;
  if (sharedTopics.length) {
    reasons.push(
      `Работает с темами: ${optionsOf('topic', sharedTopics)
        .map((o) => o.label.toLowerCase())
        .join(', ')}`,
    );
  }

  const wantedMethods = prefs.method_codes ?? [];
  const sharedMethods = wantedMethods.filter((m) => t.methodCodes.includes(m));
  score += wantedMethods.length ? (20 * sharedMethods.length) / wantedMethods.length : 10;
  if (sharedMethods.length)
    reasons.push(
      `Практикует: ${optionsOf('method', sharedMethods)
        .map((o) => o.label)
        .join(', ')}`,
    );

  const years = experienceYears(t.practiceStart, now);
  if (years !== null) {
    score += (15 * Math.min(years, 20)) / 20;
    if (years >= 1) reasons.push(`Опыт работы ${years} ${yearsWord(years)}`);
  }

  const group = client.age === null ? null : ageGroupOf(client.age);
  if (group && t.ageGroups.includes(group)) {
    score += 10;
    reasons.push(`Работает с клиентами вашего возраста (${group})`);
  }

  score += 10 * Math.max(0, Math.min(1, t.genomCompleteness));

  if (client.therapyType === 'couple') reasons.push('Работает с парами');
  if (prefs.therapist_sex === 'female' || prefs.therapist_sex === 'male') {
    reasons.push(prefs.therapist_sex === 'female' ? 'Женщина, как вы и хотели' : 'Мужчина, как вы и хотели');
  }
  if (languages.length) {
    reasons.push(
      `Проводит сессии на языке: ${optionsOf(
        'language',
        languages.filter((l) => t.languageIds.includes(l)),
      )
        .map((o) => o.label.toLowerCase())
        .join(', ')}`,
    );
  }

  return { eligible: true, score: Math.round(score * 10) / 10, reasons };
}

export function experienceYears(practiceStart: string | null, now: Date): number | null {
  if (!practiceStart) return null;
  const start = new Date(`${practiceStart}T00:00:00Z`);
  let years = now.getUTCFullYear() - start.getUTCFullYear();
  if (
    now.getUTCMonth() < start.getUTCMonth() ||
    (now.getUTCMonth() === start.getUTCMonth() && now.getUTCDate() < start.getUTCDate())
  ) {
    years--;
  }
  return Math.max(0, years);
}

/** 1 год, 2 года, 5 лет, 21 год. */
export function yearsWord(n: number): string {
  const form = new Intl.PluralRules('ru').select(n);
  return form === 'one' ? 'год' : form === 'few' ? 'года' : 'лет';
}

const AGE_GROUPS: [number, number, string][] = [
  [18, 24, '18–24'],
  [25, 34, '25–34'],
  [35, 44, '35–44'],
  [45, 59, '45–59'],
  [60, 200, '60+'],
];
export const ageGroupOf = (age: number): string | null =>
  AGE_GROUPS.find(([lo, hi]) => age >= lo && age <= hi)?.[2] ?? null;
