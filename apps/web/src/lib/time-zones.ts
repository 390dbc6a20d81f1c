import { timeZoneLabel, timeZoneOffsetMinutes } from '@therapy/contract/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Time zones on screen (issue 12, item 8): never the raw IANA id, always as people name them, «Москва, UTC+3» in
 * Russian and 'Moscow, UTC+3' in English. The names and offsets are the contract's rules (the mail writes zones the
 * same way); this file gives the screens a hook in the interface's language and the options of a zone select.
 */

export type TTimeZoneOption = { value: string; label: string };

/** A zone's label in the interface's language, with its offset now: `const zoneLabel = useTimeZoneLabel()`. */
export function useTimeZoneLabel(): (timeZone: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((timeZone: string) => timeZoneLabel(timeZone, language), [language]);
}

const lists = new Map<string, TTimeZoneOption[]>();

/** The place of an id, to tell apart two zones that share a name ('Europe/Busingen' → 'Busingen'). */
const placeOf = (zone: string) => (zone.split('/').pop() ?? zone).replaceAll('_', ' ');

function buildOptions(language: string, now: Date): TTimeZoneOption[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const rows = zones.map((zone) => ({
    value: zone,
    label: timeZoneLabel(zone, language, now),
    offset: timeZoneOffsetMinutes(zone, now),
  }));
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.label, (seen.get(row.label) ?? 0) + 1);
  const collator = new Intl.Collator(language);
  return rows
    .map((row) => ({
      ...row,
      // Two zones with one name now (aliases, a country's second zone): the place in the id tells them apart.
      label: (seen.get(row.label) ?? 0) > 1 ? `${row.label} (${placeOf(row.value)})` : row.label,
    }))
    .sort((a, b) => a.offset - b.offset || collator.compare(a.label, b.label))
    .map(({ value, label }) => ({ value, label }));
}

/**
 * Every zone the browser knows as «Москва, UTC+3», west to east, for a zone select; the list always contains
 * `current`, even when the browser does not know it.
 */
export function timeZoneOptions(current: string, language: string, now = new Date()): TTimeZoneOption[] {
  const key = `${language}|${now.toISOString().slice(0, 10)}`;
  let list = lists.get(key);
  if (!list) {
    list = buildOptions(language, now);
    lists.clear();
    lists.set(key, list);
  }
  if (current && !list.some((option) => option.value === current)) {
    return [{ value: current, label: timeZoneLabel(current, language, now) }, ...list];
  }
  return list;
}
