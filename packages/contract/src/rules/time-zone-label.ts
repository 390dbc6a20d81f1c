import { DEFAULT_LOCALE, languageOf, memoized } from './locale.ts';

/**
 * Time zones as people name them (issue 12, item 8): «Москва, UTC+3», «Нью-Йорк, UTC-5», 'Moscow, UTC+3', never the
 * raw IANA id. The name is the zone's city (or its country, where the country has one zone) in the reader's
 * language, from the runtime's own CLDR data (`Intl`, `timeZoneName: 'shortGeneric'`); the offset is the one the
 * zone has at the given instant, so it follows daylight saving time.
 */

/** English from en-GB: en-US writes American zones as bare abbreviations ('ET'); en-GB says 'New York Time'. */
const LOCALE_OF_LANGUAGE: Readonly<Record<string, string>> = { ru: 'ru-RU', en: 'en-GB' };

const localeFor = (locale: string) => LOCALE_OF_LANGUAGE[languageOf(locale)] ?? locale;

const nameFormat = memoized((key) => {
  const [locale = DEFAULT_LOCALE, timeZone] = key.split('|');
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'shortGeneric' });
});

const offsetFormat = memoized(
  (timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
  500,
);

const partOf = (format: Intl.DateTimeFormat, at: Date) =>
  format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';

/** The zone's offset from UTC at an instant, in minutes east of Greenwich (Moscow: 180). */
export function timeZoneOffsetMinutes(timeZone: string, at: Date | string | number = Date.now()): number {
  // 'GMT+05:30', 'GMT-03:00', or 'GMT' at zero.
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(partOf(offsetFormat(timeZone), new Date(at)));
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** 'UTC+3', 'UTC+5:30', 'UTC-3:30', 'UTC' (at zero): the zone's offset at an instant. */
export function formatUtcOffset(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** The zone's place as its id writes it: 'America/Argentina/Buenos_Aires' → 'Buenos Aires'. */
const placeOfId = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');

/**
 * The zone's human name without the offset: «Москва», «Германия», 'Moscow', 'New York'. Falls back to the place in
 * the id where the runtime has only an abbreviation or an offset for it; null for a zone that is just an offset
 * (UTC, Etc/GMT+5).
 */
export function timeZoneName(timeZone: string, locale: string = DEFAULT_LOCALE): string | null {
  if (/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu|Greenwich)([+-]\d+)?$/i.test(timeZone)) return null;
  let name = '';
  try {
    name = partOf(nameFormat(`${localeFor(locale)}|${timeZone}`), new Date());
  } catch {
    return placeOfId(timeZone);
  }
  // 'Moscow Time' → 'Moscow'; the Russian names come without a suffix.
  name = name.replace(/ Time$/, '').trim();
  // An abbreviation ('EET', 'CST') or an offset ('GMT+3') names no place a reader knows.
  if (!name || !/\p{Ll}/u.test(name) || /^(GMT|UTC)/.test(name)) return placeOfId(timeZone);
  return name;
}

/**
 * «Москва, UTC+3» ('Moscow, UTC+3' in English): the zone as the interface and the mail show it, with the offset it
 * has at `at` (now by default). An id the runtime does not know is shown as it is.
 */
export function timeZoneLabel(
  timeZone: string,
  locale: string = DEFAULT_LOCALE,
  at: Date | string | number = Date.now(),
): string {
  let offset: string;
  try {
    offset = formatUtcOffset(timeZoneOffsetMinutes(timeZone, at));
  } catch {
    return timeZone;
  }
  const name = timeZoneName(timeZone, locale);
  return name ? `${name}, ${offset}` : offset;
}
