import { createHmac } from 'node:crypto';
import type { TIceServer } from '@therapy/contract';
import type { TConfig } from '../../config.ts';

type TIceConfig = Pick<TConfig, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'TURN_CREDENTIAL_TTL_MINUTES'>;

/**
 * coturn's REST-API scheme (--use-auth-secret): username `<expiry epoch s>:<uid>`, credential
 * base64(HMAC-SHA1(static-auth-secret, username)). coturn recomputes it, so nothing is stored.
 */
export function turnCredentialsFor(secret: string, uid: string, expiresAt: Date) {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${uid}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers one participant gets: STUN as configured, TURN with credentials of their own. */
export function iceServersFor(config: TIceConfig, uid: string, now: Date): TIceServer[] {
  const servers: TIceServer[] = [];
  if (config.STUN_URLS.length > 0) servers.push({ urls: config.STUN_URLS });
  if (config.TURN_URLS.length > 0 && config.TURN_SECRET) {
    const expiresAt = new Date(now.getTime() + config.TURN_CREDENTIAL_TTL_MINUTES * 60_000);
    servers.push({ urls: config.TURN_URLS, ...turnCredentialsFor(config.TURN_SECRET, uid, expiresAt) });
  }
  return servers;
}
