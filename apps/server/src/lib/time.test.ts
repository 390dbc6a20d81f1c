import { describe, expect, it } from 'vitest';
import { formatDateTime, instantOfWallTime, localParts, zoneOrDefault } from './time.ts';

describe('local times', () => {
  it('formats an instant in the viewer’s zone as the spec says', () => {
    const at = new Date('2026-11-22T11:30:00Z');
    expect(formatDateTime(at, 'Europe/Moscow')).toBe('22.11.2026 в 14:30');
    expect(formatDateTime(at, 'Asia/Vladivostok')).toBe('22.11.2026 в 21:30');
    expect(formatDateTime(new Date('2026-11-22T21:05:00Z'), 'Europe/Moscow')).toBe('23.11.2026 в 00:05');
    expect(localParts(at, 'America/New_York')).toEqual({
      date: '2026-11-22',
      time: '06:30',
      weekday: 6,
      label: '22.11.2026 в 06:30',
    });
  });

  it('follows the zone across DST changes, minute by minute', () => {
    const cases: [string, string, string][] = [
      ['2026-03-29T00:59:00Z', 'Europe/Berlin', '29.03.2026 в 01:59'],
      ['2026-03-29T01:00:00Z', 'Europe/Berlin', '29.03.2026 в 03:00'],
      ['2026-10-25T00:59:00Z', 'Europe/Berlin', '25.10.2026 в 02:59'],
      ['2026-10-25T01:00:00Z', 'Europe/Berlin', '25.10.2026 в 02:00'],
      ['2026-11-22T11:30:00Z', 'Asia/Kathmandu', '22.11.2026 в 17:15'],
      // Lord Howe moves by half an hour
      ['2026-04-04T14:59:00Z', 'Australia/Lord_Howe', '05.04.2026 в 01:59'],
      ['2026-04-04T15:00:00Z', 'Australia/Lord_Howe', '05.04.2026 в 01:30'],
    ];
    for (const [iso, tz, label] of cases) expect(formatDateTime(new Date(iso), tz), `${iso} ${tz}`).toBe(label);
  });

  it('falls back to Moscow for a zone it does not know', () => {
    expect(zoneOrDefault('Mars/Olympus')).toBe('Europe/Moscow');
    expect(zoneOrDefault('')).toBe('Europe/Moscow');
    expect(zoneOrDefault('Europe/Berlin')).toBe('Europe/Berlin');
    expect(formatDateTime(new Date('2026-11-22T11:30:00Z'), 'Mars/Olympus')).toBe('22.11.2026 в 14:30');
  });

  it('finds the instant of a wall-clock time, moving skipped times forward', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    const at = (iso: string, tz: string) => new Date(instantOfWallTime(wall(iso), tz)).toISOString();
    expect(at('2026-11-22T14:30:00', 'Europe/Moscow')).toBe('2026-11-22T11:30:00.000Z');
    expect(at('2026-03-29T10:00:00', 'Europe/Berlin')).toBe('2026-03-29T08:00:00.000Z');
    expect(at('2026-03-28T10:00:00', 'Europe/Berlin')).toBe('2026-03-28T09:00:00.000Z');
    // 02:30 does not exist that night in Berlin: it is 03:30 summer time
    expect(at('2026-03-29T02:30:00', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice in October: the later one, winter time
    expect(at('2026-10-25T02:30:00', 'Europe/Berlin')).toBe('2026-10-25T01:30:00.000Z');
    expect(at('2026-11-23T00:00:00', 'Asia/Vladivostok')).toBe('2026-11-22T14:00:00.000Z');
  });
});
