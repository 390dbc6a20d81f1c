import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody unless told, a hop count, or a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16, ::1, fd00::/8, loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, names and malformed ranges instead of trusting everyone', () => {
    for (const value of ['true', 'nginx', '10.0.0.0/33', '10.0.0.1/8/1', '1.2.3']) {
      expect(parseTrustProxy(value), value).toHaveProperty('error');
    }
  });

  it('gives Fastify a function for a hop count: the socket peer and the hops before it', () => {
    const trust = fastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1), trust('198.51.100.1', 2)]).toEqual([true, true, false]);
  });
});
