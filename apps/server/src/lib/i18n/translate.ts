import { timeZoneName } from '@therapy/contract/rules';
import taxonomiesEn from '@therapy/contract/taxonomies.en.json' with { type: 'json' };
import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };
import { EN, EN_COUNTED } from './en.ts';
import type { TLanguage } from './language.ts';

/** A catalogue entry with holes; `names` marks the holes that take a person's name, filled as they are. */
type TTemplate = { pattern: RegExp; english: string; names: boolean[] };

const TAXONOMY_KINDS = ['therapy_methods', 'single_topics', 'couple_topics', 'languages'] as const;

/** The taxonomies' Russian labels with their English ones, by code (`taxonomies.en.json`). */
function taxonomyPairs(): [string, string][] {
  return TAXONOMY_KINDS.flatMap((kind) => {
    const english: Record<string, string> = taxonomiesEn[kind];
    return taxonomies[kind].flatMap((o): [string, string][] => {
      const label = english[o.code];
      return label ? [[o.label, label]] : [];
    });
  });
}

/** A `{when}` hole: spec §9's date label, with the zone a mail adds after it or without. */
const WHEN = '(\\d{2}\\.\\d{2}\\.\\d{4} в \\d{2}:\\d{2}(?: \\([^()]*\\))?)';

/**
 * A `{name}` hole: a person's name, never across a list's '; ' or a line; kept as it is, unless it is the
 * catalogue's own word the server puts for a missing name («Клиент»).
 */
const NAME = '([^;\\n]+?)';

const exact = new Map<string, string>();
const templates: TTemplate[] = [];
for (const [russian, english] of [...Object.entries(EN), ...taxonomyPairs()]) {
  if (!/\{(when|name)?\}/.test(russian)) {
    exact.set(russian, english);
    continue;
  }
  const parts = russian.split(/(\{(?:when|name)?\})/);
  const holes = parts.filter((part) => /^\{(when|name)?\}$/.test(part));
  const body = parts
    .map((part) =>
      part === '{}'
        ? '(.+?)'
        : part === '{when}'
          ? WHEN
          : part === '{name}'
            ? NAME
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  templates.push({ pattern: new RegExp(`^${body}$`, 's'), english, names: holes.map((hole) => hole === '{name}') });
}
// The longest templates first, so 'Осталось {}.' never takes what a longer one names.
templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

/** spec §9's label 'dd.MM.yyyy в HH:mm', in mails with its zone after it; English joins with 'at'. */
const DATE_TIME_LABEL = /^(\d{2}\.\d{2}\.\d{4}) в (\d{2}:\d{2})( \([^()]*\))?$/;
const COUNTED = /^(\d+) (\p{L}+)$/u;
/** A zone as people name it, «Москва, UTC+3» (`timeZoneLabel` of the contract's rules). */
const ZONE_LABEL = /^(.+), (UTC(?:[+-]\d{1,2}(?::\d{2})?)?)$/;
/** A line a mail ends with: what the link opens, then the link. */
const LINK_LINE = /^([^:]+): (https?:\/\/\S+)$/;

let zoneNames: Map<string, string> | undefined;
/** The English name of a zone's Russian one, from every zone the runtime knows (built once, when first asked). */
function englishZoneName(russian: string): string | undefined {
  if (!zoneNames) {
    zoneNames = new Map();
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const ru = timeZoneName(zone, 'ru');
      const en = timeZoneName(zone, 'en');
      if (ru && en && !zoneNames.has(ru)) zoneNames.set(ru, en);
    }
  }
  return zoneNames.get(russian);
}
const enPlural = new Intl.PluralRules('en');

function fill(english: string, args: string[]): string {
  let next = 0;
  return english.replace(/\{(\d*)\}/g, (_, index: string) => args[index === '' ? next++ : Number(index)] ?? '');
}

/** A list the server joined with '; ' (schedule clashes) or ', ' (topics, methods): each part translated. */
function translateList(text: string, depth: number): string | null {
  const separator = ['; ', ', '].find((s) => text.includes(s));
  if (!separator) return null;
  const parts = text.split(separator);
  const translated = parts.map((part) => translateEnglish(part, depth));
  return translated.some((part, i) => part !== parts[i]) ? translated.join(separator) : null;
}

function translateEnglish(text: string, depth: number): string {
  const known = exact.get(text);
  if (known !== undefined) return known;
  // A label the server lowered to run in a sentence ('Работает с темами: тревога'): English lowers it too.
  const capitalized = exact.get(text.charAt(0).toUpperCase() + text.slice(1));
  if (capitalized !== undefined && text.charAt(0) !== text.charAt(0).toUpperCase()) {
    return capitalized.charAt(0).toLowerCase() + capitalized.slice(1);
  }
  const date = DATE_TIME_LABEL.exec(text);
  if (date)
    return `${date[1]} at ${date[2]}${date[3] ? ` (${translateEnglish(date[3].slice(2, -1), depth + 1)})` : ''}`;
  const zone = ZONE_LABEL.exec(text);
  const zoneName = zone?.[1] ? englishZoneName(zone[1]) : undefined;
  if (zone && zoneName) return `${zoneName}, ${zone[2]}`;
  const counted = COUNTED.exec(text);
  const forms = counted?.[2] ? EN_COUNTED[counted[2]] : undefined;
  if (counted && forms) {
    const n = Number(counted[1]);
    return `${n} ${enPlural.select(n) === 'one' ? forms[0] : forms[1]}`;
  }
  if (depth > 3) return text;
  for (const { pattern, english, names } of templates) {
    const match = pattern.exec(text);
    if (match)
      return fill(
        english,
        match.slice(1).map((arg, index) => (names[index] ? (exact.get(arg) ?? arg) : translateEnglish(arg, depth + 1))),
      );
  }
  const link = LINK_LINE.exec(text);
  if (link?.[1] && exact.has(link[1])) return `${exact.get(link[1])}: ${link[2]}`;
  return translateList(text, depth + 1) ?? text;
}

/** A Russian text of the server in a language; text the catalogue does not know stays as it is. */
export function translate(text: string, language: TLanguage): string {
  return language === 'ru' ? text : translateEnglish(text, 0);
}

/** Every string of an answer translated (objects and arrays walked, keys kept); what is not a string stays. */
export function translatePayload<T>(value: T, language: TLanguage): T {
  if (language === 'ru') return value;
  return walk(value, language) as T;
}

function walk(value: unknown, language: TLanguage): unknown {
  if (typeof value === 'string') return translate(value, language);
  if (Array.isArray(value)) return value.map((item) => walk(item, language));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item, language);
    return out;
  }
  return value;
}
