/**
 * The visitor's geo/IP information (spec §7) from an external IP-information service with a token, in ipinfo.io's
 * protocol: `GET <url>/<ip>?token=<token>` answered `{"ip", "country": "RU", "timezone": "Europe/Moscow", …}`, or
 * `{"ip", "bogon": true}` for a private address. It only preselects currency and time zone, so it never holds
 * anything up: each lookup has a timeout, answers are cached per address (lru-cache, concurrent lookups of one
 * address share one request), and a failure is an unknown visitor, remembered for a minute.
 */
import type { TVisitorGeo } from '@therapy/contract';
import { currencyOfCountry } from '@therapy/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { isValidTimeZone } from '../../lib/time.ts';

export const UNKNOWN_VISITOR: TVisitorGeo = { country: null, time_zone: null, currency: null };

const FAILURE_TTL_MS = 60_000;

const ZIpInfoSchema = z.object({
  country: z.string().optional(),
  timezone: z.string().optional(),
  bogon: z.boolean().optional(),
});

export type TGeoLookupOptions = {
  url: string;
  token: string | undefined;
  timeoutMs: number;
  cacheMs: number;
  log: FastifyBaseLogger;
};

export type TGeoLookup = { lookup: (ip: string) => Promise<TVisitorGeo> };

export function createGeoLookup({ url, token, timeoutMs, cacheMs, log }: TGeoLookupOptions): TGeoLookup {
  if (!token) return { lookup: async () => UNKNOWN_VISITOR };

  const ask = async (ip: string, signal: AbortSignal): Promise<TVisitorGeo> => {
    const address = new URL(`${url.replace(/\/+$/, '')}/${encodeURIComponent(ip)}`);
    address.searchParams.set('token', token);
    const response = await fetch(address, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (!response.ok) throw new Error(`the IP-information service answered ${response.status}`);
    const info = ZIpInfoSchema.parse(await response.json());
    if (info.bogon || !info.country) return UNKNOWN_VISITOR;
    const country = /^[A-Za-z]{2}$/.test(info.country) ? info.country.toUpperCase() : null;
    return {
      country,
      time_zone: info.timezone && isValidTimeZone(info.timezone) ? info.timezone : null,
      currency: country ? currencyOfCountry(country) : null,
    };
  };

  const cache = new LRUCache<string, TVisitorGeo>({
    max: 50_000,
    ttl: cacheMs,
    fetchMethod: async (ip, _stale, { signal, options }) => {
      try {
        return await ask(ip, signal);
      } catch (err) {
        log.warn({ err }, 'IP-information lookup failed; the visitor counts as unknown');
        options.ttl = Math.min(FAILURE_TTL_MS, cacheMs);
        return UNKNOWN_VISITOR;
      }
    },
  });

  return { lookup: async (ip) => (await cache.fetch(ip)) ?? UNKNOWN_VISITOR };
}
