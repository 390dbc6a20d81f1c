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
  const [locale = DEFAULT_LOCALE, timeZone, width = 'shortGeneric'] = key.split('|');
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: width as 'shortGeneric' | 'long' });
}, 1000);

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
 * Russian names of the zones Russian speakers live in and travel to, as they say them: browsers ship without CLDR's
 * city names (Chromium's ICU says 'Moscow' even in Russian), so these do not depend on the runtime.
 */
const RUSSIAN_NAMES: Readonly<Record<string, string>> = {
  'Europe/Kaliningrad': 'Калининград',
  'Europe/Moscow': 'Москва',
  'Europe/Simferopol': 'Симферополь',
  'Europe/Volgograd': 'Волгоград',
  'Europe/Kirov': 'Киров',
  'Europe/Astrakhan': 'Астрахань',
  'Europe/Saratov': 'Саратов',
  'Europe/Ulyanovsk': 'Ульяновск',
  'Europe/Samara': 'Самара',
  'Asia/Yekaterinburg': 'Екатеринбург',
  'Asia/Omsk': 'Омск',
  'Asia/Novosibirsk': 'Новосибирск',
  'Asia/Barnaul': 'Барнаул',
  'Asia/Tomsk': 'Томск',
  'Asia/Novokuznetsk': 'Новокузнецк',
  'Asia/Krasnoyarsk': 'Красноярск',
  'Asia/Irkutsk': 'Иркутск',
  'Asia/Chita': 'Чита',
  'Asia/Yakutsk': 'Якутск',
  'Asia/Khandyga': 'Хандыга',
  'Asia/Vladivostok': 'Владивосток',
  'Asia/Ust-Nera': 'Усть-Нера',
  'Asia/Sakhalin': 'Сахалин',
  'Asia/Magadan': 'Магадан',
  'Asia/Srednekolymsk': 'Среднеколымск',
  'Asia/Kamchatka': 'Камчатка',
  'Asia/Anadyr': 'Анадырь',
  'Europe/Minsk': 'Минск',
  'Europe/Kyiv': 'Киев',
  'Europe/Kiev': 'Киев',
  'Europe/Chisinau': 'Кишинёв',
  'Asia/Tbilisi': 'Тбилиси',
  'Asia/Yerevan': 'Ереван',
  'Asia/Baku': 'Баку',
  'Asia/Almaty': 'Алматы',
  'Asia/Qostanay': 'Костанай',
  'Asia/Aqtobe': 'Актобе',
  'Asia/Aqtau': 'Актау',
  'Asia/Tashkent': 'Ташкент',
  'Asia/Samarkand': 'Самарканд',
  'Asia/Bishkek': 'Бишкек',
  'Asia/Dushanbe': 'Душанбе',
  'Asia/Ashgabat': 'Ашхабад',
  'Europe/Riga': 'Рига',
  'Europe/Tallinn': 'Таллин',
  'Europe/Vilnius': 'Вильнюс',
  'Europe/Helsinki': 'Хельсинки',
  'Europe/Warsaw': 'Варшава',
  'Europe/Berlin': 'Берлин',
  'Europe/Prague': 'Прага',
  'Europe/Vienna': 'Вена',
  'Europe/Belgrade': 'Белград',
  'Europe/Podgorica': 'Подгорица',
  'Europe/Budapest': 'Будапешт',
  'Europe/Sofia': 'София',
  'Europe/Bucharest': 'Бухарест',
  'Europe/Athens': 'Афины',
  'Europe/Istanbul': 'Стамбул',
  'Asia/Nicosia': 'Никосия',
  'Europe/Rome': 'Рим',
  'Europe/Paris': 'Париж',
  'Europe/Madrid': 'Мадрид',
  'Europe/Lisbon': 'Лиссабон',
  'Europe/London': 'Лондон',
  'Europe/Dublin': 'Дублин',
  'Europe/Amsterdam': 'Амстердам',
  'Europe/Brussels': 'Брюссель',
  'Europe/Zurich': 'Цюрих',
  'Europe/Stockholm': 'Стокгольм',
  'Europe/Oslo': 'Осло',
  'Europe/Copenhagen': 'Копенгаген',
  'Asia/Jerusalem': 'Иерусалим',
  'Asia/Dubai': 'Дубай',
  'Asia/Bangkok': 'Бангкок',
  'Asia/Makassar': 'Бали',
  'Asia/Ho_Chi_Minh': 'Хошимин',
  'Asia/Shanghai': 'Пекин',
  'Asia/Tokyo': 'Токио',
  'Asia/Seoul': 'Сеул',
  'Asia/Kolkata': 'Индия',
  'Asia/Singapore': 'Сингапур',
  'America/New_York': 'Нью-Йорк',
  'America/Chicago': 'Чикаго',
  'America/Denver': 'Денвер',
  'America/Los_Angeles': 'Лос-Анджелес',
  'America/Toronto': 'Торонто',
  'America/Sao_Paulo': 'Сан-Паулу',
  'America/Argentina/Buenos_Aires': 'Буэнос-Айрес',
  'Australia/Sydney': 'Сидней',
};

const GENERIC_SUFFIX = /,?\s*(стандартное время|летнее время|standard time|daylight time|summer time|time)$/i;

const safeName = (locale: string, timeZone: string, width: 'shortGeneric' | 'long') => {
  try {
    const format = nameFormat(`${locale}|${timeZone}|${width}`);
    return partOf(format, new Date()).replace(GENERIC_SUFFIX, '').trim();
  } catch {
    return '';
  }
};

/** Whether a name reads in the language: Russian is written in Cyrillic; an abbreviation or an offset is no name. */
const readsIn = (language: string, name: string) =>
  Boolean(name) &&
  /\p{Ll}/u.test(name) &&
  !/^(GMT|UTC)/.test(name) &&
  (language !== 'ru' || /\p{Script=Cyrillic}/u.test(name));

/**
 * The zone's human name without the offset: «Москва», «Германия», 'Moscow', 'New York'. Russian names of common
 * zones come from the table above, others from the runtime's CLDR data (the city, or the country with one zone, then
 * the region's generic name); the place in the id where the runtime has nothing readable; null for a zone that is
 * just an offset (UTC, Etc/GMT+5).
 */
export function timeZoneName(timeZone: string, locale: string = DEFAULT_LOCALE): string | null {
  if (/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu|Greenwich)([+-]\d+)?$/i.test(timeZone)) return null;
  const language = languageOf(locale);
  const known = language === 'ru' ? RUSSIAN_NAMES[timeZone] : undefined;
  if (known) return known;
  const intlLocale = localeFor(locale);
  // In English the place in the id reads well ('Berlin'); a region's long name ('Central European') does not.
  const widths = language === 'ru' ? (['shortGeneric', 'long'] as const) : (['shortGeneric'] as const);
  for (const width of widths) {
    const name = safeName(intlLocale, timeZone, width);
    if (readsIn(language, name)) return name;
  }
  return placeOfId(timeZone);
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
