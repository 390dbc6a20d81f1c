import { describe, expect, it } from 'vitest';
import { makeClientSlot } from '../../../testing/fixtures.ts';
import { hasHadSessions } from './session-history.ts';

describe('hasHadSessions', () => {
  it('is false for a new client with only a held time or cancelled sessions', () => {
    expect(hasHadSessions({ upcoming: [], past: [] })).toBe(false);
    expect(
      hasHadSessions({
        upcoming: [makeClientSlot({ status: 'held' })],
        past: [makeClientSlot({ id: 'c', status: 'cancelled' }), makeClientSlot({ id: 'e', status: 'expired' })],
      }),
    ).toBe(false);
  });

  it.each(['completed', 'missed', 'late_cancelled'] as const)('is true after a %s session', (status) => {
    expect(hasHadSessions({ upcoming: [], past: [makeClientSlot({ status })] })).toBe(true);
  });

  it('is true with a session booked ahead', () => {
    expect(hasHadSessions({ upcoming: [makeClientSlot({ status: 'booked' })], past: [] })).toBe(true);
  });
});
