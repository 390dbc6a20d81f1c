import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { safeEqual } from '../../lib/tokens.ts';

/** What a join token says: this person, in this role, may join this session's room until `exp`. */
export type TJoinClaims = { slot: string; uid: string; role: 'client' | 'therapist'; exp: number };

const ZClaimsSchema = z.object({
  v: z.literal(1),
  slot: z.string().max(32),
  uid: z.string().max(32),
  role: z.enum(['client', 'therapist']),
  exp: z.number().int(),
});

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`video-join.${payload}`).digest('base64url');

/** `<base64url(json claims)>.<base64url(HMAC-SHA256)>`; the ids inside are hashids, `exp` in epoch seconds. */
export function signJoinToken(secret: string, claims: TJoinClaims): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, ...claims })).toString('base64url');
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
  const { slot, uid, role, exp } = parsed.data;
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { slot, uid, role, exp } };
}
