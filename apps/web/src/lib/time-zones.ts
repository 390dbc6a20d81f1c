import { tzOffset } from '@date-fns/tz';

/** The IANA zones the browser knows, with their current UTC offset, for the time zone select. */
export type TTimeZoneOption = { value: string; label: string };

/** 'UTC+3', 'UTC+5:30', 'UTC-3:30', 'UTC': the zone's offset at `now`. */
function offsetOf(zone: string, now: Date): string {
  const minutes = tzOffset(zone, now);
  if (!Number.isFinite(minutes) || minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

let cache: TTimeZoneOption[] | null = null;

/** 'Europe/Moscow (UTC+3)'; the list always contains `current`, even when the browser does not know it. */
export function timeZoneOptions(current: string, now = new Date()): TTimeZoneOption[] {
  if (!cache) {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    cache = zones.map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${offsetOf(zone, now)})` }));
  }
  if (current && !cache.some((option) => option.value === current)) {
    return [{ value: current, label: `${current.replaceAll('_', ' ')} (${offsetOf(current, now)})` }, ...cache];
  }
  return cache;
}
