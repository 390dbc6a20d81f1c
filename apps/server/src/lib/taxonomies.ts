import type { TOption } from '@therapy/contract';
import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };

const index = (list: TOption[]) => new Map(list.map((o) => [o.code, o.label]));

export const therapyMethods: TOption[] = taxonomies.therapy_methods;
export const singleTopics: TOption[] = taxonomies.single_topics;
export const coupleTopics: TOption[] = taxonomies.couple_topics;
export const languages: TOption[] = taxonomies.languages;

const labels = {
  method: index(therapyMethods),
  topic: index([...singleTopics, ...coupleTopics]),
  language: index(languages),
};

/** Options for codes, in the order given, skipping codes the taxonomy does not know. */
export function optionsOf(kind: keyof typeof labels, codes: readonly string[]): TOption[] {
  return codes.flatMap((code) => {
    const label = labels[kind].get(code);
    return label ? [{ code, label }] : [];
  });
}

export const isKnown = (kind: keyof typeof labels, code: string): boolean => labels[kind].has(code);
