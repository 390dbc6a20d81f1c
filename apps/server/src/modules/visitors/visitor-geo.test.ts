import { ZVisitorGeoSchema } from '@therapy/contract';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { startFakeIpInfo, type TFakeIpInfo } from '../../test/fake-ipinfo.ts';
import { createGeoLookup, UNKNOWN_VISITOR } from './visitor-geo.ts';

const TOKEN = 'ipinfo-token-of-the-test';
const log = pino({ level: 'silent' });
let fake: TFakeIpInfo;
beforeAll(async () => {
  fake = await startFakeIpInfo(TOKEN);
  fake.known.set('203.0.113.10', { country: 'DE', timezone: 'Europe/Berlin', city: 'Berlin' });
  fake.known.set('203.0.113.20', { country: 'RU', timezone: 'Asia/Yekaterinburg' });
  fake.known.set('203.0.113.30', { country: 'ZZ', timezone: 'Mars/Olympus' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

const lookupOf = (o: { token?: string; timeoutMs?: number } = {}) =>
  createGeoLookup({
    url: fake.origin,
    token: 'token' in o ? o.token : TOKEN,
    timeoutMs: o.timeoutMs ?? 300,
    cacheMs: 60 * 60_000,
    log,
  });

describe('the visitor geo lookup (ipinfo protocol)', () => {
  it('asks with the token, and gives the country, zone and the currency of that country', async () => {
    const geo = lookupOf();
    expect(await geo.lookup('203.0.113.10')).toEqual({ country: 'DE', time_zone: 'Europe/Berlin', currency: 'eur' });
    expect(await geo.lookup('203.0.113.20')).toEqual({
      country: 'RU',
      time_zone: 'Asia/Yekaterinburg',
      currency: 'rub',
    });
    expect(fake.requests).toEqual([
      { ip: '203.0.113.10', token: TOKEN },
      { ip: '203.0.113.20', token: TOKEN },
    ]);
  });

  it('keeps answers: one request per address, shared by concurrent lookups', async () => {
    const geo = lookupOf();
    const answers = await Promise.all([geo.lookup('203.0.113.10'), geo.lookup('203.0.113.10')]);
    expect(answers[0]).toEqual(answers[1]);
    await geo.lookup('203.0.113.10');
    expect(fake.requests).toHaveLength(1);
  });

  it('drops a zone it does not know, and a private address is unknown', async () => {
    const geo = lookupOf();
    expect(await geo.lookup('203.0.113.30')).toEqual({ country: 'ZZ', time_zone: null, currency: 'rub' });
    expect(await geo.lookup('10.0.0.1')).toEqual(UNKNOWN_VISITOR);
  });

  it('a slow service is an unknown visitor after the timeout, remembered so it is not asked again at once', async () => {
    fake.mode = 'slow';
    const geo = lookupOf({ timeoutMs: 200 });
    const started = Date.now();
    expect(await geo.lookup('203.0.113.10')).toEqual(UNKNOWN_VISITOR);
    expect(Date.now() - started).toBeLessThan(1_000);
    fake.mode = 'ok';
    expect(await geo.lookup('203.0.113.10')).toEqual(UNKNOWN_VISITOR);
    expect(fake.requests).toHaveLength(1);
  });

  it('a service that is down or refuses the token is an unknown visitor', async () => {
    fake.mode = 'down';
    expect(await lookupOf().lookup('203.0.113.10')).toEqual(UNKNOWN_VISITOR);
    fake.mode = 'ok';
    expect(await lookupOf({ token: 'wrong-token' }).lookup('203.0.113.10')).toEqual(UNKNOWN_VISITOR);
    const unreachable = createGeoLookup({ url: 'http://127.0.0.1:9', token: TOKEN, timeoutMs: 300, cacheMs: 1, log });
    expect(await unreachable.lookup('203.0.113.10')).toEqual(UNKNOWN_VISITOR);
  });

  it('without a token asks nothing', async () => {
    expect(await lookupOf({ token: undefined }).lookup('203.0.113.10')).toEqual(UNKNOWN_VISITOR);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('GET /api/v1/visitor/geo', () => {
  let t: TTestApp;
  let off: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ GEOIP_TOKEN: TOKEN, GEOIP_URL: fake.origin, TRUST_PROXY: '127.0.0.1' });
    off = await buildTestApp({ GEOIP_URL: fake.origin });
  });
  afterAll(async () => {
    await Promise.all([t.app.close(), off.app.close()]);
  });
  const ask = (app: TTestApp, ip: string) =>
    app.app.inject({ method: 'GET', url: '/api/v1/visitor/geo', headers: { 'x-forwarded-for': ip } });

  it("answers anyone with their address's country, zone and currency", async () => {
    const response = await ask(t, '203.0.113.10');
    expect(response.statusCode).toBe(200);
    expect(ZVisitorGeoSchema.parse(response.json())).toEqual({
      country: 'DE',
      time_zone: 'Europe/Berlin',
      currency: 'eur',
    });
    expect(fake.requests.at(-1)).toEqual({ ip: '203.0.113.10', token: TOKEN });
  });

  it('answers 200 with nulls when the service is down, and without a token asks nothing', async () => {
    fake.mode = 'down';
    expect((await ask(t, '203.0.113.99')).json()).toEqual(UNKNOWN_VISITOR);
    const before = fake.requests.length;
    const response = await ask(off, '203.0.113.20');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(UNKNOWN_VISITOR);
    expect(fake.requests).toHaveLength(before);
  });
});
