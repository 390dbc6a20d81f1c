import { describe, expect, it } from 'vitest';
import { signJoinToken, verifyJoinToken } from './join-token.ts';

const SECRET = 'a-secret-of-sixteen-chars';
const now = new Date('2026-11-22T11:30:00Z');
const claims = {
  slot: 'Slot1234',
  uid: 'User5678',
  slotId: 41,
  userId: 7,
  role: 'client' as const,
  exp: now.getTime() / 1000 + 60,
  sess: 'session-binding',
  name: 'Анна Смирнова',
  tz: 'Europe/Moscow',
  at: [1, 2, 3, 4] as [number, number, number, number],
  chat: false,
};

describe('join tokens', () => {
  it('round-trips its claims until they expire', () => {
    const token = signJoinToken(SECRET, claims);
    expect(verifyJoinToken(SECRET, token, now)).toEqual({ ok: true, claims });
    expect(verifyJoinToken(SECRET, token, new Date(now.getTime() + 60_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('shows nothing of what it carries: no serial id, no name', () => {
    const token = signJoinToken(SECRET, claims);
    const inside = Buffer.from(token, 'base64url').toString('latin1');
    for (const secret of ['Slot1234', 'User5678', '"slotId"', 'session-binding', 'Europe']) {
      expect(inside).not.toContain(secret);
    }
    // Sealed afresh each time.
    expect(signJoinToken(SECRET, claims)).not.toBe(token);
  });

  it('refuses anything not sealed with the secret, altered, or not shaped like a token', () => {
    const token = signJoinToken(SECRET, claims);
    const raw = Buffer.from(token, 'base64url');
    const flipped = (at: number) => {
      const copy = Buffer.from(raw);
      copy[at] = (copy[at] ?? 0) ^ 1;
      return copy.toString('base64url');
    };
    for (const bad of [
      flipped(0),
      flipped(20),
      flipped(raw.length - 1),
      raw.subarray(0, raw.length - 1).toString('base64url'),
      `${token}.x`,
      `${token}=`,
      signJoinToken('another-secret-sixteen', claims),
      '',
      '.',
      'abc',
    ]) {
      expect(verifyJoinToken(SECRET, bad, now), bad).toEqual({ ok: false, reason: 'invalid' });
    }
    // Sealed by us, but not claims of this version: still invalid, never a crash.
    const old = signJoinToken(SECRET, { ...claims, role: 'admin' as 'client' });
    expect(verifyJoinToken(SECRET, old, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
