const rules = new Intl.PluralRules('ru');

/** Russian plural by the CLDR rules: forms for one (1, 21), few (2–4, 22) and many (5, 11, 25). */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  switch (rules.select(n)) {
    case 'one':
      return forms[0];
    case 'few':
      return forms[1];
    default:
      return forms[2];
  }
}

/** The number and its word: 1 сессия, 2 сессии, 5 сессий, 21 сессия. */
export const countRu = (n: number, forms: readonly [string, string, string]) => `${n} ${pluralRu(n, forms)}`;

export const SESSIONS = ['сессия', 'сессии', 'сессий'] as const;
export const HOURS = ['час', 'часа', 'часов'] as const;
export const MINUTES = ['минута', 'минуты', 'минут'] as const;
