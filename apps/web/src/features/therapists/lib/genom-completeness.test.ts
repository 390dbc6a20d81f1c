import { describe, expect, it } from 'vitest';
import { genomNeedsUpdate, groupCompleteness, isFirstGenomData, totalCompleteness } from './genom-completeness.ts';

describe('genom completeness', () => {
  const filled = { about_clients: [3, 5], private_info: [9, 9] } as const;
  const counters = { about_clients: [...filled.about_clients], private_info: [...filled.private_info] } as {
    about_clients: [number, number];
    private_info: [number, number];
  };

  it('gives counts and percent per group', () => {
    expect(groupCompleteness(counters)).toEqual([
      { group: 'about_clients', filled: 3, total: 5, percent: 60 },
      { group: 'private_info', filled: 9, total: 9, percent: 100 },
    ]);
  });

  it('gives the total percent across groups', () => {
    expect(totalCompleteness(counters)).toBe(86);
  });

  it("'needs update' when a group's counters differ; 'first data' when nothing is filled", () => {
    expect(genomNeedsUpdate(counters)).toBe(true);
    expect(genomNeedsUpdate({ about_clients: [5, 5], private_info: [9, 9] })).toBe(false);
    expect(isFirstGenomData({ about_clients: [0, 5], private_info: [0, 9] })).toBe(true);
    expect(isFirstGenomData(counters)).toBe(false);
  });
});
