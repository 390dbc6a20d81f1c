import { describe, expect, it } from 'vitest';
import { makeBusinessAccount } from '../../../testing/fixtures.ts';
import { chooseBusiness, chooseYear } from './choose-business.ts';

const { businesses } = makeBusinessAccount();

describe('chooseBusiness', () => {
  it('prefers the given id', () => {
    expect(chooseBusiness(businesses, 'b-2', 'b-1')?.id).toBe('b-2');
  });

  it('falls back to the stored choice, then to the first business', () => {
    expect(chooseBusiness(businesses, null, 'b-2')?.id).toBe('b-2');
    expect(chooseBusiness(businesses, 'missing', 'b-2')?.id).toBe('b-2');
    expect(chooseBusiness(businesses, 'missing', 'gone')?.id).toBe('b-1');
    expect(chooseBusiness(businesses)?.id).toBe('b-1');
  });

  it('gives null when there are no businesses', () => {
    expect(chooseBusiness([], 'b-1', 'b-1')).toBeNull();
  });
});

describe('chooseYear', () => {
  const [first] = businesses;
  if (!first) throw new Error('fixture');

  it('defaults to the first year of the business', () => {
    expect(chooseYear(first)).toEqual({ years: [2026, 2025], year: 2026, isEmptyData: false });
  });

  it('keeps a given year the business has', () => {
    expect(chooseYear(first, 2025).year).toBe(2025);
    expect(chooseYear(first, 1999).year).toBe(2026);
  });

  it('offers the current year with the empty-data flag when the business has no years', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(chooseYear({ id: 'x', name: 'X', years: [] }, null, now)).toEqual({
      years: [2026],
      year: 2026,
      isEmptyData: true,
    });
  });
});
