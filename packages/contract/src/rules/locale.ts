/** spec §9: the default UI locale; every format takes a BCP 47 locale and falls back to this one. */
export const DEFAULT_LOCALE = 'ru-RU';

/** The language of a locale tag: 'ru-RU' → 'ru', 'EN' → 'en'. */
export const languageOf = (locale: string): string => (locale.split(/[-_]/)[0] ?? '').toLowerCase();

/** A small memo for Intl formatters, which are costly to build; bounded, as locales and zones may come from users. */
export function memoized<T>(build: (key: string) => T, limit = 200): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = build(key);
      if (made.size >= limit) made.clear();
      made.set(key, value);
    }
    return value;
  };
}
