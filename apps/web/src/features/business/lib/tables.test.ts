import { describe, expect, it } from 'vitest';
import { cellText, employeeTableFlags, monthHeaders, sortColumnIndex } from './tables.ts';

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
});
