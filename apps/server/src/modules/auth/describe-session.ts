import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { TActiveSession } from '@therapy/contract';
import Bowser from 'bowser';
import { Reader } from 'mmdb-lib';

/**
 * What a session's stored user agent and address say to its owner: the browser, the system and the
 * kind of device (bowser), and the country of the address (the public-domain country database of
 * ip-location-db, read with mmdb-lib, loaded on first use).
 */
export function deviceOf(userAgent: string | null): TActiveSession['device'] {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') || null;
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') || null;
  if (!browser && !os) return null;
  const platform = parsed.platform.type;
  const type = platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'other';
  return { browser, os, type };
}

/** A record of the country database: ip-location-db's own shape, not MaxMind's. */
type TCountryRecord = { country_code?: string };
let countries: Reader<never> | null = null;

function countryOfAddress(ip: string): string | undefined {
  if (!countries) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
    countries = new Reader(readFileSync(file));
  }
  return (countries.get(ip) as TCountryRecord | null)?.country_code;
}

/** Loopback, private, link-local and unique-local addresses: a network of one's own, not a place. */
function isLocal(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
}

export function placeOf(ip: string | null): TActiveSession['place'] {
  if (!ip || isIP(ip) === 0) return null;
  if (isLocal(ip)) return { kind: 'local' };
  const code = countryOfAddress(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
  return code && /^[A-Z]{2}$/.test(code) ? { kind: 'country', country_code: code } : null;
}
