import { describe, expect, it } from 'vitest';
import { signJoinToken, verifyJoinToken } from './join-token.ts';

const SECRET = 'a-secret-of-sixteen-chars';
const now = new Date('2026-11-22T11:30:00Z');
const claims = {
  slot: 'Slot1234',
  uid: 'User5678',
  role: 'client' as const,
  exp: now.getTime() / 1000 + 60,
  sess: 'session-binding',
};

describe('join tokens', () => {
  it('round-trips its claims until they expire', () => {
    const token = signJoinToken(SECRET, claims);
    expect(verifyJoinToken(SECRET, token, now)).toEqual({ ok: true, claims });
    expect(verifyJoinToken(SECRET, token, new Date(now.getTime() + 60_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses anything not signed with the secret, or not shaped like a token', () => {
    const token = signJoinToken(SECRET, claims);
    const [payload, signature] = token.split('.') as [string, string];
    const edited = Buffer.from(JSON.stringify({ v: 2, ...claims, role: 'therapist' })).toString('base64url');
    for (const bad of [
      `${edited}.${signature}`,
      `${payload}.${signature.slice(1)}`,
      `${payload}.${signature}.x`,
      signJoinToken('another-secret-sixteen', claims),
      '',
      '.',
      'abc',
    ]) {
      expect(verifyJoinToken(SECRET, bad, now), bad).toEqual({ ok: false, reason: 'invalid' });
    }
    // Signed, but not our claims: still invalid, never a crash.
    const signedGarbage = Buffer.from('not json').toString('base64url');
    const forged = signJoinToken(SECRET, claims).replace(payload, signedGarbage);
    expect(verifyJoinToken(SECRET, forged, now).ok).toBe(false);
  });
});
