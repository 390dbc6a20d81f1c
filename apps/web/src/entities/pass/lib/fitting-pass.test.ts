import type { TClientPass } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { findFittingPass } from './fitting-pass.ts';

const pass = (overrides: Partial<TClientPass>): TClientPass => ({
  id: 'cp-1',
  pass_id: 'p-1',
  tier: 'standard',
  therapy_type: 'single',
  status: 'active',
  sessions_total: 4,
  sessions_left: 2,
  activated_at: '2026-11-01T00:00:00Z',
  expires_at: '2027-05-01T00:00:00Z',
  ...overrides,
});

const session = { therapyType: 'single', tier: 'standard', startsAt: '2026-11-24T06:00:00Z' } as const;

describe('findFittingPass', () => {
  it('takes an active pass of the type and tier with sessions left, the one expiring first', () => {
    const passes = [
      pass({ id: 'later', expires_at: '2027-09-01T00:00:00Z' }),
      pass({ id: 'sooner', expires_at: '2027-01-01T00:00:00Z' }),
      pass({ id: 'used', sessions_left: 0 }),
    ];
    expect(findFittingPass(passes, session)?.id).toBe('sooner');
  });

  it('refuses another type, another tier, a pending or expired pass', () => {
    const passes = [
      pass({ id: 'couple', therapy_type: 'couple' }),
      pass({ id: 'expert', tier: 'expert' }),
      pass({ id: 'pending', status: 'pending_purchase' }),
      pass({ id: 'ends-before', expires_at: '2026-11-20T00:00:00Z' }),
    ];
    expect(findFittingPass(passes, session)).toBeNull();
  });
});
