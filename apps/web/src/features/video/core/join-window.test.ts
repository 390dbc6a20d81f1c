import { describe, expect, it } from 'vitest';
import { joinWindowAt, minutesLeft } from './join-window.ts';

const WINDOW = { opens_at: '2026-11-22T11:20:00Z', closes_at: '2026-11-22T12:35:00Z' };

describe('join window', () => {
  it('is before, open and closed around opens_at and closes_at', () => {
    expect(joinWindowAt(WINDOW, Date.parse('2026-11-22T11:19:59Z'))).toBe('before');
    expect(joinWindowAt(WINDOW, Date.parse('2026-11-22T11:20:00Z'))).toBe('open');
    expect(joinWindowAt(WINDOW, Date.parse('2026-11-22T12:34:59Z'))).toBe('open');
    expect(joinWindowAt(WINDOW, Date.parse('2026-11-22T12:35:00Z'))).toBe('closed');
  });

  it('counts whole minutes left, rounding up', () => {
    const end = '2026-11-22T12:20:00Z';
    expect(minutesLeft(end, Date.parse('2026-11-22T11:30:00Z'))).toBe(50);
    expect(minutesLeft(end, Date.parse('2026-11-22T12:19:30Z'))).toBe(1);
    expect(minutesLeft(end, Date.parse('2026-11-22T12:25:00Z'))).toBe(0);
  });
});
