import type { TConfig } from '../config.ts';

/** Our own address as the outside world reaches it: PUBLIC_URL, else where the server listens. */
export function publicBaseUrl(config: TConfig): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host}:${config.PORT}`;
}
