import { describe, expect, it } from 'vitest';
import { createHashids } from './ids.ts';

const hashids = createHashids('k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt');

describe('hashids', () => {
  it('round-trips an id of a kind and hides the number', () => {
    const id = hashids.encode('user', 42);
    expect(id).not.toContain('42');
    expect(id.length).toBeGreaterThanOrEqual(8);
    expect(hashids.decode('user', id)).toBe(42);
  });

  it('never opens one kind with the id of another', () => {
    expect(hashids.decode('business', hashids.encode('user', 42))).toBeNull();
  });

  it.each(['', 'zzzz', '1', '../etc', 'x'.repeat(100)])('rejects %j', (bad) => {
    expect(hashids.decode('user', bad)).toBeNull();
  });
});

describe('hashids, remembered', () => {
  it('encodes the same id the same way from memory as afresh', () => {
    const fresh = createHashids('k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt');
    const first = Array.from({ length: 50 }, (_, i) => fresh.encode('slot', i + 1));
    const again = Array.from({ length: 50 }, (_, i) => fresh.encode('slot', i + 1));
    expect(again).toEqual(first);
    // Another kind with the same number is a different id, not the remembered one.
    expect(fresh.encode('pass', 7)).not.toBe(fresh.encode('slot', 7));
    expect(fresh.decode('pass', fresh.encode('pass', 7))).toBe(7);
  });
});
