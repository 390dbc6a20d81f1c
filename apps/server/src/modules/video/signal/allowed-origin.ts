import type { TConfig } from '../../../config.ts';
import { publicBaseUrl } from '../../../lib/public-base-url.ts';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a WebSocket upgrade comes from our own pages. Browsers always send `Origin` on a
 * WebSocket handshake and cookies go with it, so without this check any site could open a
 * socket with the visitor's session (cross-site WebSocket hijacking). Allowed: the origin
 * of PUBLIC_URL; in development and tests also the host the request came to (a server
 * reached by another name than PUBLIC_URL on a developer's machine). No Origin is refused.
 */
export function isAllowedSignalOrigin(config: TConfig, origin: string | undefined, host: string): boolean {
  if (!origin) return false;
  const given = originOf(origin);
  if (given === null) return false;
  if (given === originOf(publicBaseUrl(config))) return true;
  const local = config.APP_ENV === 'development' || config.APP_ENV === 'test';
  return local && (given === originOf(`http://${host}`) || given === originOf(`https://${host}`));
}
