import { describe, expect, it } from 'vitest';
import { ZInstantSchema } from './instant.ts';
import { ZLocalDateSchema } from './schedule.ts';

describe('instants and calendar dates the database can store', () => {
  it('takes ordinary ones', () => {
    expect(ZInstantSchema.safeParse('2026-11-22T11:30:00+03:00').success).toBe(true);
    expect(ZLocalDateSchema.safeParse('2026-11-22').success).toBe(true);
  });

  it('refuses year 0 (PostgreSQL has none) and years past 9999, with a Russian message', () => {
    for (const value of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z']) {
      const result = ZInstantSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/между 1900 и 9999/);
    }
    expect(ZLocalDateSchema.safeParse('0000-01-01').success).toBe(false);
  });
});
