import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual, sha256 } from '../../lib/tokens.ts';

/**
 * What a join token says: this person, in this role, signed in as session `sess`, may join
 * this session's room until `exp`. `sess` binds the token to the sign-in it was handed to:
 * the socket must come with that session's cookie, so a token that leaked is worth nothing
 * alone and dies with the session (logout, expiry).
 */
export type TJoinClaims = { slot: string; uid: string; role: 'client' | 'therapist'; exp: number; sess: string };

const ZClaimsSchema = z.object({
  v: z.literal(2),
  slot: z.string().max(32),
  uid: z.string().max(32),
  role: z.enum(['client', 'therapist']),
  exp: z.number().int(),
  sess: z.string().max(64),
});

/**
 * The session a token is bound to, as the token names it: a hash of the session's key (itself
 * the sha256 of the cookie), so the token reveals nothing that would open the session.
 */
export const sessionBindingOf = (sessionTokenHash: string): string =>
  sha256(`video-join-session.${sessionTokenHash}`).slice(0, 32);

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`video-join.${payload}`).digest('base64url');

/** `<base64url(json claims)>.<base64url(HMAC-SHA256)>`; the ids inside are hashids, `exp` in epoch seconds. */
export function signJoinToken(secret: string, claims: TJoinClaims): string {
  const payload = Buffer.from(JSON.stringify({ v: 2, ...claims })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export type TJoinTokenCheck = { ok: true; claims: TJoinClaims } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first (nothing unsigned is parsed), then the expiry. */
export function verifyJoinToken(secret: string, token: string, now: Date): TJoinTokenCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(secret, payload))) {
    return { ok: false, reason: 'invalid' };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = ZClaimsSchema.safeParse(decoded);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const { slot, uid, role, exp, sess } = parsed.data;
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { slot, uid, role, exp, sess } };
}
