import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it("keeps a page of the role's own area", () => {
    expect(safeNextPath('/lk/passes', 'client')).toBe('/lk/passes');
    expect(safeNextPath('/therapist/stats?x=1', 'therapist')).toBe('/therapist/stats?x=1');
    expect(safeNextPath('/business/stats', 'business_account')).toBe('/business/stats');
  });

  it('drops other areas, sign-in pages and other origins', () => {
    expect(safeNextPath('/therapist', 'client')).toBeNull();
    expect(safeNextPath('/therapist/auth/sign-in', 'therapist')).toBeNull();
    expect(safeNextPath('//evil.example/lk', 'client')).toBeNull();
    expect(safeNextPath('https://evil.example/lk', 'client')).toBeNull();
    expect(safeNextPath('/lkx', 'client')).toBeNull();
    expect(safeNextPath(null, 'client')).toBeNull();
  });
});
