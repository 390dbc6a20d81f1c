import { describe, expect, it } from 'vitest';
import { isTherapistDataStale } from './get-therapist-current.ts';

describe('isTherapistDataStale', () => {
  const hour = 60 * 60 * 1000;
  it('is stale at 6 hours or more', () => {
    expect(isTherapistDataStale(0, 6 * hour - 1)).toBe(false);
    expect(isTherapistDataStale(0, 6 * hour)).toBe(true);
    expect(isTherapistDataStale(0, 7 * hour)).toBe(true);
  });
});
