import { describe, expect, it } from 'vitest';
import { formatUtcOffset, timeZoneLabel, timeZoneName, timeZoneOffsetMinutes } from './time-zone-label.ts';

describe('time zones as people name them', () => {
  const winter = '2026-01-15T12:00:00Z';
  const summer = '2026-07-15T12:00:00Z';

  it('names a zone by its city in Russian and in English, with the offset, never the IANA id', () => {
    expect(timeZoneLabel('Europe/Moscow', 'ru', winter)).toBe('Москва, UTC+3');
    expect(timeZoneLabel('Europe/Moscow', 'en', winter)).toBe('Moscow, UTC+3');
    expect(timeZoneLabel('Asia/Vladivostok', 'ru-RU', winter)).toBe('Владивосток, UTC+10');
    expect(timeZoneLabel('Asia/Yekaterinburg', 'ru', winter)).toBe('Екатеринбург, UTC+5');
    expect(timeZoneLabel('America/New_York', 'en', winter)).toBe('New York, UTC-5');
    expect(timeZoneLabel('America/New_York', 'ru', winter)).toBe('Нью-Йорк, UTC-5');
  });

  it('names common zones in Russian the same in every runtime (browsers ship without CLDR city names)', () => {
    expect(timeZoneLabel('Europe/Berlin', 'ru', winter)).toBe('Берлин, UTC+1');
    expect(timeZoneLabel('Asia/Novosibirsk', 'ru', winter)).toBe('Новосибирск, UTC+7');
    expect(timeZoneLabel('Europe/Kaliningrad', 'ru', winter)).toBe('Калининград, UTC+2');
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const name = timeZoneName(zone, 'ru');
      // Cyrillic where the runtime or the table has a Russian name; else the place in the id, never an abbreviation.
      if (name !== null) expect(name, zone).toMatch(/\p{Ll}/u);
    }
  });

  it('follows daylight saving time: the offset is the one at the given moment', () => {
    expect(timeZoneLabel('Europe/Berlin', 'en', winter)).toMatch(/, UTC\+1$/);
    expect(timeZoneLabel('Europe/Berlin', 'en', summer)).toMatch(/, UTC\+2$/);
    expect(timeZoneLabel('America/New_York', 'en', summer)).toBe('New York, UTC-4');
    expect(timeZoneOffsetMinutes('Asia/Kolkata', winter)).toBe(330);
  });

  it('writes half hours and zero offsets as people read them', () => {
    expect(formatUtcOffset(330)).toBe('UTC+5:30');
    expect(formatUtcOffset(-210)).toBe('UTC-3:30');
    expect(formatUtcOffset(0)).toBe('UTC');
    expect(timeZoneLabel('UTC', 'ru', winter)).toBe('UTC');
    expect(timeZoneLabel('Etc/GMT+5', 'en', winter)).toBe('UTC-5');
  });

  it('falls back to the place in the id where the runtime has only an abbreviation, and keeps an unknown id', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      const name = timeZoneName(zone, 'en');
      if (name !== null) expect(name, zone).toMatch(/\p{Ll}/u);
      expect(timeZoneLabel(zone, 'ru', winter), zone).not.toContain('/');
    }
    expect(timeZoneLabel('Mars/Olympus_Mons', 'ru', winter)).toBe('Mars/Olympus_Mons');
  });
});
