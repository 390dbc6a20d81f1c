import { GENOM_CHOICES, type TGenom } from '@therapy/contract';
import type { TGenomAnswers } from '../../db/schema/index.ts';

const list = (value: unknown, allowed: readonly string[]): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && allowed.includes(v)) : [];
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const yesNo = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * The stored answers as the contract shows them. Stored data predates the checks (seeds, imports), so
 * anything a field cannot hold reads as unanswered rather than failing the page.
 */
export function readGenom(stored: TGenomAnswers): TGenom {
  const family = text(stored.family_status);
  const dob = text(stored.dob);
  return {
    professions: list(stored.professions, GENOM_CHOICES.professions),
    religion_groups: list(stored.religion_groups, GENOM_CHOICES.religion_groups),
    special_groups: list(stored.special_groups, GENOM_CHOICES.special_groups),
    age_groups: list(stored.age_groups, GENOM_CHOICES.age_groups),
    cultural_groups: list(stored.cultural_groups, GENOM_CHOICES.cultural_groups),
    address: text(stored.address),
    offline_consultation: yesNo(stored.offline_consultation),
    family_status: family && GENOM_CHOICES.family_status.includes(family) ? family : null,
    other_professions: text(stored.other_professions),
    working_methods: list(stored.working_methods, GENOM_CHOICES.working_methods),
    communication_format: list(stored.communication_format, GENOM_CHOICES.communication_format),
    audio_consultation: yesNo(stored.audio_consultation),
    medical_education: yesNo(stored.medical_education),
    nutritional_expertise: yesNo(stored.nutritional_expertise),
    desc: text(stored.desc),
    language_ids: list(stored.language_ids, GENOM_CHOICES.language_ids),
    topics: list(stored.topics, GENOM_CHOICES.topics),
    couple_topics: list(stored.couple_topics, GENOM_CHOICES.couple_topics),
    dob: dob && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob : null,
  };
}
