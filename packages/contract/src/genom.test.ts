import { describe, expect, it } from 'vitest';
import { genomCounters } from './genom.ts';

describe('genomCounters', () => {
  it('counts filled fields per group out of the group size', () => {
    const counters = genomCounters({
      professions: ['Педагоги'],
      religion_groups: [],
      address: '  ',
      offline_consultation: false,
      family_status: 'В браке',
    });
    expect(counters).toEqual({ about_clients: [1, 5], private_info: [2, 9] });
  });

  it('reports nothing filled for an empty genom', () => {
    expect(genomCounters({})).toEqual({ about_clients: [0, 5], private_info: [0, 9] });
  });
});
