/**
 * The interface language date labels use unless told (format.ts), set by the i18n layer at start and on a switch.
 * A module of its own: i18n/index.ts, which every page runs, then does not bring format.ts and date-fns with it.
 */
let interfaceLocale = 'ru';

export function setFormatLocale(locale: string): void {
  interfaceLocale = locale;
}

export function formatLocale(): string {
  return interfaceLocale;
}
