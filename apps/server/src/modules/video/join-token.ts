import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { sha256 } from '../../lib/tokens.ts';

/**
 * What a join token says: this person, in this role, signed in as session `sess`, may join
 * this session's room until `exp`. `sess` binds the token to the sign-in it was handed to:
 * the socket must come with that session's cookie, so a token that leaked is worth nothing
 * alone and dies with the session (logout, expiry).
 *
 * It also carries what the room needs of the session as it was when the token was minted (the
 * serial ids, the person's name and time zone, the room's window, whether its chat had lines), so
 * a join reads nothing from the database before `joined`; the session's row is checked again beside
 * the join (signal/authorize-join.ts).
 */
export type TJoinClaims = {
  /** The session and the person as hashids (the room and peer id) and as serial ids. */
  slot: string;
  uid: string;
  slotId: number;
  userId: number;
  role: 'client' | 'therapist';
  /** Epoch seconds. */
  exp: number;
  sess: string;
  /** The person's display name and time zone (for the too-early message). */
  name: string;
  tz: string;
  /** The room's window, epoch ms: start, end, opens, closes (video-window.ts). */
  at: [number, number, number, number];
  /** The session's chat had lines when the token was minted (so a join reads its history). */
  chat: boolean;
};

/**
 * The session a token is bound to, as the token names it: a hash of the session's key (itself
 * the sha256 of the cookie), so the token reveals nothing that would open the session.
 */
export const sessionBindingOf = (sessionTokenHash: string): string =>
  sha256(`video-join-session.${sessionTokenHash}`).slice(0, 32);

const VERSION = 3;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keys = new Map<string, KeyObject>();
/** The token's AES-256-GCM key, derived from VIDEO_TOKEN_SECRET (kept, so a join neither hashes nor imports it again). */
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(sha256(`video-join-key.${secret}`), 'hex'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * `base64url(iv ‖ tag ‖ AES-256-GCM(json claims))`: sealed, so it cannot be altered (the tag is its signature)
 * and the serial ids and the name inside are not readable by whoever holds it.
 */
export function signJoinToken(secret: string, claims: TJoinClaims): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ v: VERSION, ...claims }), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export type TJoinTokenCheck = { ok: true; claims: TJoinClaims } | { ok: false; reason: 'invalid' | 'expired' };

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** The claims of a sealed token, checked for shape (they are ours once the tag matched, but of some version). */
function claimsOf(json: unknown): TJoinClaims | null {
  if (!json || typeof json !== 'object') return null;
  const c = json as Record<string, unknown>;
  const at = c.at;
  const ok =
    c.v === VERSION &&
    isText(c.slot, 32) &&
    isText(c.uid, 32) &&
    isInt(c.slotId) &&
    isInt(c.userId) &&
    (c.role === 'client' || c.role === 'therapist') &&
    isInt(c.exp) &&
    isText(c.sess, 64) &&
    isText(c.name, 300) &&
    isText(c.tz, 64) &&
    Array.isArray(at) &&
    at.length === 4 &&
    at.every((ms) => typeof ms === 'number' && Number.isFinite(ms)) &&
    typeof c.chat === 'boolean';
  if (!ok) return null;
  const { v: _version, ...claims } = c;
  return claims as TJoinClaims;
}

/** Opens the seal first (nothing unauthenticated is parsed), then checks the expiry. */
export function verifyJoinToken(secret: string, token: string, now: Date): TJoinTokenCheck {
  if (typeof token !== 'string' || token.length > 4096) return { ok: false, reason: 'invalid' };
  const raw = Buffer.from(token, 'base64url');
  // base64url decoding skips what is not of its alphabet: the token must be exactly what we wrote.
  if (raw.length <= IV_BYTES + TAG_BYTES || raw.toString('base64url') !== token)
    return { ok: false, reason: 'invalid' };
  let claims: TJoinClaims | null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const body = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    claims = claimsOf(JSON.parse(body.toString('utf8')));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!claims) return { ok: false, reason: 'invalid' };
  if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
