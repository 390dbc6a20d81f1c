/** The IANA zones the browser knows, with their current UTC offset, for the time zone select. */
export type TTimeZoneOption = { value: string; label: string };

function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((item) => item.type === 'timeZoneName');
    const offset = part?.value.replace('GMT', '') ?? '';
    return offset === '' ? 'UTC' : `UTC${offset}`;
  } catch {
    return 'UTC';
  }
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
