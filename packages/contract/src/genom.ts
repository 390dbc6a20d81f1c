/** The fields of each genom group (spec §3 "Therapist genom"); counters are [filled, total] over these. */
export const GENOM_GROUPS = {
  about_clients: ['professions', 'religion_groups', 'special_groups', 'age_groups', 'cultural_groups'],
  private_info: [
    'address',
    'offline_consultation',
    'family_status',
    'other_professions',
    'working_methods',
    'communication_format',
    'audio_consultation',
    'medical_education',
    'nutritional_expertise',
  ],
} as const;

export type TGenomGroup = keyof typeof GENOM_GROUPS;

const isFilled = (value: unknown): boolean =>
  Array.isArray(value)
    ? value.length > 0
    : typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '');

/** [filled, total] per group; a yes/no answer counts as filled whichever it is. */
export function genomCounters(genom: Record<string, unknown>): Record<TGenomGroup, [number, number]> {
  const count = (fields: readonly string[]): [number, number] => [
    fields.filter((f) => isFilled(genom[f])).length,
    fields.length,
  ];
  return { about_clients: count(GENOM_GROUPS.about_clients), private_info: count(GENOM_GROUPS.private_info) };
}
