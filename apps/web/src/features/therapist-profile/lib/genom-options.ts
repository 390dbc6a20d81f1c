import { GENOM_CHOICES } from '@therapy/contract';
import taxonomies from '@therapy/contract/taxonomies.json';
import type { TChoice } from '../../../ui/ChoiceGroup.tsx';

const byLabel = (labels: readonly string[]): TChoice[] => labels.map((label) => ({ value: label, label }));
const byCode = (list: { code: string; label: string }[]): TChoice[] =>
  list.map(({ code, label }) => ({ value: code, label }));

/** The choices of each list field, from `taxonomies.json` (the server accepts exactly these). */
export const GENOM_OPTIONS = {
  professions: byLabel(GENOM_CHOICES.professions),
  religion_groups: byLabel(GENOM_CHOICES.religion_groups),
  special_groups: byLabel(GENOM_CHOICES.special_groups),
  age_groups: byLabel(GENOM_CHOICES.age_groups),
  cultural_groups: byLabel(GENOM_CHOICES.cultural_groups),
  family_status: byLabel(GENOM_CHOICES.family_status),
  communication_format: byLabel(GENOM_CHOICES.communication_format),
  working_methods: byCode(taxonomies.therapy_methods),
  topics: byCode(taxonomies.single_topics),
  couple_topics: byCode(taxonomies.couple_topics),
  language_ids: byCode(taxonomies.languages),
} as const;

export type TGenomListField = Exclude<keyof typeof GENOM_OPTIONS, 'family_status'>;
