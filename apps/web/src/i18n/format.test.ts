import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  monthNames,
  percentFilled,
  pluralCategory,
  pluralize,
  weekdayNames,
} from './format.ts';
import { weekdayIndex, yearOf, yearsSince } from './format-zoned.ts';

/** Intl separates groups and the symbol with no-break spaces; compare with plain spaces. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats kopecks as roubles with no decimals and spaced thousands', () => {
    expect(plain(formatMoney(1_250_000, 'rub'))).toBe('12 500 ₽');
    expect(plain(formatMoney(150_000, 'rub'))).toBe('1 500 ₽');
    expect(plain(formatMoney(123_456_789, 'rub'))).toBe('1 234 568 ₽');
    expect(plain(formatMoney(0, 'rub'))).toBe('0 ₽');
  });

  it('formats cents as euros', () => {
    expect(plain(formatMoney(9_500, 'eur'))).toBe('95 €');
    expect(plain(formatMoney(9_549, 'EUR'))).toBe('95 €');
  });

  it('treats any currency other than eur as roubles, roubles by default', () => {
    expect(plain(formatMoney(100_000, 'usd'))).toBe('1 000 ₽');
    expect(plain(formatMoney(100_000, null))).toBe('1 000 ₽');
    expect(plain(formatMoney(100_000))).toBe('1 000 ₽');
  });

  it('never wraps inside an amount', () => {
    expect(formatMoney(1_250_000, 'rub')).not.toContain(' ');
  });

  it('groups plain numbers the same way', () => {
    expect(plain(formatNumber(12_500))).toBe('12 500');
  });
});

describe('dates in a given time zone', () => {
  const moment = '2026-11-22T11:30:00Z';

  it("formats the last update as 'dd.MM.yyyy в HH:mm'", () => {
    expect(formatDateTime(moment, 'Europe/Moscow')).toBe('22.11.2026 в 14:30');
    expect(formatDateTime(moment, 'UTC')).toBe('22.11.2026 в 11:30');
  });

  it('moves to the next day where the zone is ahead', () => {
    expect(formatDateTime('2026-11-22T15:05:00Z', 'Asia/Vladivostok')).toBe('23.11.2026 в 01:05');
    expect(formatDate('2026-11-22T15:05:00Z', 'Asia/Vladivostok')).toBe('23.11.2026');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2026-01-01T21:00:00Z', 'Europe/Moscow')).toBe('02.01.2026 в 00:00');
  });

  it('counts weekdays from Monday = 0 in the viewer zone', () => {
    // 2026-11-22 is a Sunday in Moscow; 23:30 UTC on Sunday is already Monday in Vladivostok.
    expect(weekdayIndex('2026-11-22T12:00:00Z', 'Europe/Moscow')).toBe(6);
    expect(weekdayIndex('2026-11-22T23:30:00Z', 'Asia/Vladivostok')).toBe(0);
  });
});

describe('Russian plurals', () => {
  it('picks one / few / many by the Russian rules', () => {
    expect(pluralCategory(1)).toBe('one');
    expect(pluralCategory(2)).toBe('few');
    expect(pluralCategory(5)).toBe('many');
    expect(pluralCategory(11)).toBe('many');
    expect(pluralCategory(21)).toBe('one');
    expect(pluralCategory(22)).toBe('few');
    expect(pluralCategory(1.5)).toBe('other');
  });

  it('chooses the word form', () => {
    const forms = { one: 'сессия', few: 'сессии', many: 'сессий', other: 'сессии' };
    expect([1, 2, 5, 21, 111].map((count) => `${count} ${pluralize(count, forms)}`)).toEqual([
      '1 сессия',
      '2 сессии',
      '5 сессий',
      '21 сессия',
      '111 сессий',
    ]);
  });
});

describe('month and weekday names', () => {
  it('lists months from January', () => {
    const months = monthNames('ru');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('Январь');
    expect(months[11]).toBe('Декабрь');
  });

  it('lists weekdays from Monday', () => {
    const days = weekdayNames('ru');
    expect(days[0]).toBe('Понедельник');
    expect(days[6]).toBe('Воскресенье');
    expect(weekdayNames('en', 'short')[0]).toBe('Mon');
  });
});

describe('years and percents', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('counts whole years of practice', () => {
    expect(yearsSince('2015-09-01', now)).toBe(11);
    expect(yearsSince('2015-12-01', now)).toBe(10);
    expect(yearsSince('2030-01-01', now)).toBe(0);
    expect(yearsSince(null, now)).toBeNull();
    expect(yearsSince('not a date', now)).toBeNull();
    expect(yearOf('2015-09-01')).toBe(2015);
  });

  it('computes a filled percent', () => {
    expect(percentFilled([3, 5])).toBe(60);
    expect(percentFilled([0, 0])).toBe(100);
    expect(percentFilled([2, 3])).toBe(67);
    expect(percentFilled([7, 5])).toBe(100);
  });
});
