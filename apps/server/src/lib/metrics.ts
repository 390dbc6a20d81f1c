import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { collectDefaultMetrics, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: plugins and modules add their own gauges to it. */
    metrics: Registry;
  }
}

/**
 * A registry of this app instance's own (tests build many apps in one process, so no global
 * registry), with Node's process metrics (CPU, memory, event loop, GC) outside tests.
 */
export function createMetricsRegistry(o: { processMetrics: boolean }): Registry {
  const registry = new Registry();
  if (o.processMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}

/** `::ffff:10.0.0.1`, as a dual-stack socket reports an IPv4 peer, is 10.0.0.1. */
const plainAddress = (address: string): string => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
};

/**
 * Who may read /metrics: METRICS_ALLOW, a comma list of IPs and CIDR ranges (default: the
 * loopback addresses). Returns null for an entry that is neither, so the start fails on it.
 */
export function parseAddressList(text: string): { allows(address: string): boolean } | { error: string } {
  const list = new BlockList();
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits, extra] = item.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    const prefix = bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits);
    const max = type === 'ipv4' ? 32 : 128;
    if (!type || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      return { error: `not an address or CIDR range: ${item}` };
    }
    list.addSubnet(address, prefix, type);
  }
  return {
    allows(address) {
      const plain = plainAddress(address);
      const type = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
      return type !== null && list.check(plain, type);
    },
  };
}
