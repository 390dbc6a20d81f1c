import { BUSINESS_SUPPRESSED_VALUE_EN } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { makeBusinessStats } from '../screens/business-fixtures.ts';
import { cellText, chartPoints, employeeTableFlags, monthHeaders, sortColumnIndex } from './tables.ts';

describe('business table rules', () => {
  it('tells fetching, not found and table empty apart (spec §4)', () => {
    expect(employeeTableFlags({ isFetching: true, rowsCount: 0, search: 'a' })).toEqual({
      isFetching: true,
      isNotFound: false,
      isTableEmpty: false,
    });
    expect(employeeTableFlags({ isFetching: false, rowsCount: 0, search: 'anna' }).isNotFound).toBe(true);
    expect(employeeTableFlags({ isFetching: false, rowsCount: 0, search: ' ' }).isTableEmpty).toBe(true);
    expect(employeeTableFlags({ isFetching: false, rowsCount: 3, search: '' })).toMatchObject({
      isNotFound: false,
      isTableEmpty: false,
    });
  });

  it('sorts by column 1 unless the field is users_email (spec §9)', () => {
    expect(sortColumnIndex(undefined)).toBe(1);
    expect(sortColumnIndex('users_email')).toBe(0);
    expect(sortColumnIndex('spent')).toBe(2);
    expect(sortColumnIndex('month_1')).toBe(4);
  });

  it('takes month headers from the fifth header and formats cells', () => {
    expect(monthHeaders(['a', 'b', 'c', 'd', 'Январь', 'Февраль'])).toEqual(['Январь', 'Февраль']);
    expect(cellText({ value: 24500, description: null })).toBe('24\u00a0500');
    expect(cellText({ value: 'менее 5', description: 'x' })).toBe('менее 5');
    expect(cellText({ value: null, description: null })).toBe('');
  });

  it('charts an English answer the same: rows by their place, the hidden cells in English', () => {
    const russian = makeBusinessStats();
    const englishTitles = [
      'Employees in the programme',
      'Sessions booked',
      'Sessions done',
      'Sessions cancelled',
      'Company spend, ₽',
    ];
    const english = {
      ...russian,
      months: russian.months.map((m, i) => ({ ...m, title: i === 1 ? 'February' : m.title })),
      rows: russian.rows.map((row, r) => [
        { value: englishTitles[r] ?? '', description: null },
        ...row
          .slice(1)
          .map((cell) => (cell.value === 'менее 5' ? { ...cell, value: BUSINESS_SUPPRESSED_VALUE_EN } : cell)),
      ]),
    };
    const fromRussian = chartPoints(russian);
    const fromEnglish = chartPoints(english);
    expect(fromEnglish.hasHidden).toBe(true);
    expect(fromRussian.hasHidden).toBe(true);
    expect(fromEnglish.points.map((p) => [p.done, p.cancelled, p.spend])).toEqual(
      fromRussian.points.map((p) => [p.done, p.cancelled, p.spend]),
    );
    // February's sessions are hidden: a gap, and its spend comes from the spend row.
    expect(fromEnglish.points[1]).toEqual({ month: 'Feb', done: null, cancelled: 0, spend: 7000 });
  });
});
