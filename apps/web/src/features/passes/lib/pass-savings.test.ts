import type { TPassOffer } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { savingsOf } from './pass-savings.ts';

const offer = (sessions: number, price: number, overrides: Partial<TPassOffer> = {}): TPassOffer => ({
  id: `p-${sessions}`,
  tier: 'standard',
  therapy_type: 'single',
  sessions_count: sessions,
  currency: 'rub',
  price,
  discount_price: price,
  price_per_session: Math.round(price / sessions),
  valid_months: 3,
  ...overrides,
});

describe('savingsOf', () => {
  const catalog = [offer(1, 350_000), offer(4, 1_320_000), offer(8, 2_550_000), offer(1, 700_000, { tier: 'expert' })];

  it('compares with buying single sessions of the same tier and type', () => {
    expect(savingsOf(catalog[1] as TPassOffer, catalog)).toBe(80_000);
    expect(savingsOf(catalog[2] as TPassOffer, catalog)).toBe(250_000);
    expect(savingsOf(catalog[0] as TPassOffer, catalog)).toBe(0);
  });

  it('is zero without a single-session offer to compare with', () => {
    expect(savingsOf(offer(4, 1_000_000, { therapy_type: 'couple' }), catalog)).toBe(0);
  });
});
