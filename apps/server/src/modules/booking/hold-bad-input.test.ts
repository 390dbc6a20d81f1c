import { ZApiErrorSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessAccount } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { bookingWorld, localHour, sessionOf, snapshotOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('POST /api/v1/user/slots: bad input changes nothing', () => {
  it('refuses malformed JSON, wrong types, missing fields, unknown therapists, other roles and no CSRF', async () => {
    const w = await bookingWorld(t);
    const good = {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
      therapy_type: 'single',
    };
    const before = await snapshotOf(t, [w.client.id, w.therapist.id]);
    const post = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/slots', headers, payload: payload as object });

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/slots',
      headers: { ...w.session.headers, 'content-type': 'application/json' },
      payload: '{"therapist_id": "x",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(ZApiErrorSchema.parse(malformed.json()).error.message).toBe('Тело запроса не является корректным JSON');

    const invalid: [object, string][] = [
      [{ ...good, therapist_id: 7 }, 'therapist_id'],
      [{ ...good, starts_at: '22.11.2026 14:30' }, 'starts_at'],
      [{ ...good, starts_at: 1763811000000 }, 'starts_at'],
      [{ ...good, therapy_type: 'group' }, 'therapy_type'],
      [{ starts_at: good.starts_at, therapy_type: 'single' }, 'therapist_id'],
      [{ therapist_id: w.therapistId, therapy_type: 'single' }, 'starts_at'],
      [{ ...good, client_id: 'me' }, '_'],
    ];
    for (const [payload, field] of invalid) {
      const response = await post(w.session.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const fields = ZApiErrorSchema.parse(response.json()).error.fields ?? {};
      if (field !== '_') expect(Object.keys(fields), JSON.stringify(fields)).toContain(field);
    }
    expect((await post(w.session.headers, { ...good, starts_at: '2026-11-22T14:30:00' })).statusCode).toBe(422);

    const unknown = await post(w.session.headers, { ...good, therapist_id: t.ctx.hashids.encode('user', w.client.id) });
    expect(unknown.statusCode).toBe(404);
    expect((await post(w.therapistSession.headers, good)).statusCode).toBe(403);
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    expect((await post(business.headers, good)).statusCode).toBe(403);
    const noCsrf = await post({ cookie: w.session.cookie }, good);
    expect(noCsrf.statusCode).toBe(403);
    expect(ZApiErrorSchema.parse(noCsrf.json()).error.code).toBe('csrf_invalid');
    expect((await post({}, good)).statusCode).toBe(401);
    expect(await snapshotOf(t, [w.client.id, w.therapist.id])).toEqual(before);
  });
});
