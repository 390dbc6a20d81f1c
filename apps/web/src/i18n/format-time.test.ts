import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatDayMonth, formatDayShort, initialsOf, splitDuration } from './format.ts';
import { addDays, formatTime, localDateOf } from './format-zoned.ts';

describe('times in the viewer zone', () => {
  const instant = '2026-11-23T21:30:00Z';

  it('formats a moment as dd.MM.yyyy в HH:mm in each zone', () => {
    expect(formatDateTime(instant, 'Europe/Moscow')).toBe('24.11.2026 в 00:30');
    expect(formatDateTime(instant, 'Asia/Yekaterinburg')).toBe('24.11.2026 в 02:30');
    expect(formatDateTime(instant, 'America/New_York')).toBe('23.11.2026 в 16:30');
    expect(formatTime(instant, 'Europe/Moscow')).toBe('00:30');
  });

  it('follows a zone across its daylight-saving change', () => {
    // New York moves its clocks forward at 02:00 on 8 March 2026.
    expect(formatDateTime('2026-03-08T06:30:00Z', 'America/New_York')).toBe('08.03.2026 в 01:30');
    expect(formatDateTime('2026-03-08T07:30:00Z', 'America/New_York')).toBe('08.03.2026 в 03:30');
    expect(localDateOf('2026-03-08T04:30:00Z', 'America/New_York')).toBe('2026-03-07');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
  });

  it('takes the calendar date in the zone, and moves dates by days across months', () => {
    expect(localDateOf(instant, 'Europe/Moscow')).toBe('2026-11-24');
    expect(localDateOf(instant, 'UTC')).toBe('2026-11-23');
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('names days for the week view', () => {
    expect(formatDayMonth('2026-11-24')).toBe('24 ноября');
    expect(formatDayMonth('2026-11-24', 'en')).toBe('November 24');
    expect(formatDayShort('2026-11-24')).toBe('24.11');
  });
});

describe('countdowns and initials', () => {
  it('splits a duration and shows a short clock', () => {
    expect(splitDuration(((2 * 24 + 3) * 60 + 4) * 60_000 + 5000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(formatClock(15 * 60_000)).toBe('15:00');
    expect(formatClock(4_200)).toBe('0:05');
  });

  it('makes initials from a name', () => {
    expect(initialsOf({ first_name: 'анна', last_name: 'Петрова' })).toBe('АП');
    expect(initialsOf({ first_name: 'Олег', last_name: '' })).toBe('О');
  });
});
