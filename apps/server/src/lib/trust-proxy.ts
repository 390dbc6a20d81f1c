import { isIP } from 'node:net';

/**
 * What Fastify's `trustProxy` gets: false (the default: X-Forwarded-* are ignored and the
 * client is the socket's peer), a hop count, or the addresses and CIDR ranges of our own
 * proxies. Never `true`, which would let any client name its own address.
 */
export type TTrustProxy = false | number | string[];

/** proxy-addr's names for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(item: string): boolean {
  if (RANGE_NAMES.has(item)) return true;
  const [address, bits, extra] = item.split('/');
  if (!address || extra !== undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Reads TRUST_PROXY: empty or `false` trusts nobody; a whole number trusts that many hops in
 * front of us; otherwise a comma list of IPs, CIDRs or loopback/linklocal/uniquelocal.
 * Returns an error text for anything else, so a typo fails the start instead of trusting all.
 */
export function parseTrustProxy(value: string | undefined): TTrustProxy | { error: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isAddressOrRange(item));
  if (bad.length > 0) return { error: `not an address, CIDR range or hop count: ${bad.join(', ')}` };
  return items;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify refuses bare
 * numbers (it cannot check the peer), but behind a fixed chain of proxies on a private
 * network, trusting that many hops is what the operator asks for.
 */
export function fastifyTrustProxy(value: TTrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
