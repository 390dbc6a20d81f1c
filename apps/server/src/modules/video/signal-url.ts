import type { TConfig } from '../../config.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import { SIGNAL_PATH } from './signal/signal-plugin.ts';

/**
 * Where browsers open the signaling socket: VIDEO_SIGNAL_URL, else our public address
 * (PUBLIC_URL) with ws(s). Never from the request's Host or X-Forwarded-* headers, which
 * a client or a careless proxy could set to send the token somewhere else.
 */
export function signalUrlOf(config: TConfig): string {
  if (config.VIDEO_SIGNAL_URL) return config.VIDEO_SIGNAL_URL;
  return `${publicBaseUrl(config).replace(/^http/, 'ws')}${SIGNAL_PATH}`;
}
