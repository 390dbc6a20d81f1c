import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, dateLabel, dateTimeLabel, formatDate, formatDateTime, wallClockIn } from './date-label.ts';

describe("the 'dd.MM.yyyy в HH:mm' label in the viewer's zone", () => {
  const moment = '2026-11-22T11:30:00Z';

  it('formats an instant in the given zone', () => {
    expect(formatDateTime(moment, 'Europe/Moscow')).toBe('22.11.2026 в 14:30');
    expect(formatDateTime(moment, 'UTC')).toBe('22.11.2026 в 11:30');
    expect(formatDateTime(new Date(moment), 'Asia/Vladivostok')).toBe('22.11.2026 в 21:30');
    expect(formatDateTime(Date.parse(moment), 'America/New_York')).toBe('22.11.2026 в 06:30');
  });

  it('moves to the next day where the zone is ahead', () => {
    expect(formatDateTime('2026-11-22T15:05:00Z', 'Asia/Vladivostok')).toBe('23.11.2026 в 01:05');
    expect(formatDate('2026-11-22T15:05:00Z', 'Asia/Vladivostok')).toBe('23.11.2026');
    expect(formatDateTime('2026-11-22T21:05:00Z', 'Europe/Moscow')).toBe('23.11.2026 в 00:05');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2026-01-01T21:00:00Z', 'Europe/Moscow')).toBe('02.01.2026 в 00:00');
    expect(wallClockIn('2026-01-01T21:00:00Z', 'Europe/Moscow')).toEqual({
      year: 2026,
      month: 1,
      day: 2,
      hour: 0,
      minute: 0,
    });
  });

  it('follows the zone across DST changes, minute by minute', () => {
    const cases: [string, string, string][] = [
      ['2026-03-29T00:59:00Z', 'Europe/Berlin', '29.03.2026 в 01:59'],
      ['2026-03-29T01:00:00Z', 'Europe/Berlin', '29.03.2026 в 03:00'],
      ['2026-10-25T00:59:00Z', 'Europe/Berlin', '25.10.2026 в 02:59'],
      ['2026-10-25T01:00:00Z', 'Europe/Berlin', '25.10.2026 в 02:00'],
      ['2026-11-22T11:30:00Z', 'Asia/Kathmandu', '22.11.2026 в 17:15'],
      ['2026-04-04T14:59:00Z', 'Australia/Lord_Howe', '05.04.2026 в 01:59'],
      ['2026-04-04T15:00:00Z', 'Australia/Lord_Howe', '05.04.2026 в 01:30'],
    ];
    for (const [iso, tz, label] of cases) expect(formatDateTime(iso, tz), `${iso} ${tz}`).toBe(label);
  });

  it('takes a locale: Russian by default and for languages without their own word', () => {
    expect(formatDateTime(moment, 'Europe/Moscow', 'ru')).toBe('22.11.2026 в 14:30');
    expect(formatDateTime(moment, 'Europe/Moscow', 'ru-RU')).toBe('22.11.2026 в 14:30');
    expect(formatDateTime(moment, 'Europe/Moscow', 'en')).toBe('22.11.2026 at 14:30');
    expect(formatDateTime(moment, 'Europe/Moscow', 'en-GB')).toBe('22.11.2026 at 14:30');
    expect(formatDateTime(moment, 'Europe/Moscow', 'de')).toBe('22.11.2026 в 14:30');
  });

  it('composes the label from a wall-clock reading, padding every field', () => {
    const wall = { year: 2026, month: 3, day: 5, hour: 7, minute: 4 };
    expect(dateTimeLabel(wall)).toBe('05.03.2026 в 07:04');
    expect(dateLabel(wall)).toBe('05.03.2026');
  });

  it('refuses a zone it does not know and an invalid instant; Moscow is the zone to fall back to', () => {
    expect(() => formatDateTime(moment, 'Mars/Olympus')).toThrow(RangeError);
    expect(formatDateTime(moment, DEFAULT_TIME_ZONE)).toBe('22.11.2026 в 14:30');
    expect(() => formatDateTime('not a date', 'Europe/Moscow')).toThrow(RangeError);
  });
});
