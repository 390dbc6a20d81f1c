import { ZApiErrorSchema, ZUnschedResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, errorAnswerOf, type TTestApp } from '../../test/app.ts';
import { bookingWorld, sessionOf, snapshotOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const URL = '/api/v1/therapist/schedule/unsched';
const HOUR = 3_600_000;

describe('POST /api/v1/therapist/schedule/unsched', () => {
  it('cancels the client’s future sessions with this therapist, sessions back to the pass, the client told', async () => {
    const w = await bookingWorld(t, { sessionsLeft: 1 });
    const otherTherapist = await createTherapist(t.ctx.db);
    const make = (therapistId: number, hours: number, status: 'booked' | 'completed' = 'booked') =>
      createSlot(t.ctx.db, {
        therapistId,
        clientId: w.client.id,
        startsAt: new Date(Date.now() + hours * HOUR),
        status,
        clientPassId: w.clientPass?.id ?? null,
      });
    const soon = await make(w.therapist.id, 5); // inside 24 h: still given back, the therapist cancels
    const later = await make(w.therapist.id, 100);
    const past = await make(w.therapist.id, -100, 'completed');
    const elsewhere = await make(otherTherapist.id, 50);

    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: w.therapistSession.headers,
      payload: { user_hashid: t.ctx.hashids.encode('user', w.client.id) },
    });
    expect(response.statusCode).toBe(200);
    expect(ZUnschedResponseSchema.parse(response.json())).toEqual({ success: true, cancelled_count: 2 });
    const status = async (id: number) => (await t.ctx.db.select().from(slots).where(eq(slots.id, id)))[0]?.status;
    expect([await status(soon.id), await status(later.id), await status(past.id), await status(elsewhere.id)]).toEqual([
      'cancelled',
      'cancelled',
      'completed',
      'booked',
    ]);
    const [pass] = await t.ctx.db
      .select()
      .from(clientPasses)
      .where(eq(clientPasses.id, w.clientPass?.id ?? 0));
    expect(pass?.sessionsLeft).toBe(3);
    const [mail] = await findJobs({ keys: [`booking-cancelled:${later.id}`] });
    expect(mail?.payload).toEqual({ slot_id: later.id, session_returned: true, by: 'therapist' });
  });

  it('answers 404 for someone who is not the therapist’s client, and refuses bad input and other roles', async () => {
    const w = await bookingWorld(t);
    const stranger = await createClient(t.ctx.db);
    const otherTherapist = await createTherapist(t.ctx.db);
    await createSlot(t.ctx.db, {
      therapistId: otherTherapist.id,
      clientId: stranger.id,
      startsAt: new Date(Date.now() + 50 * HOUR),
    });
    const before = await snapshotOf(t, [stranger.id, w.client.id]);
    const post = (headers: Record<string, string>, payload: unknown) =>
      t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });

    const notMine = await post(w.therapistSession.headers, { user_hashid: t.ctx.hashids.encode('user', stranger.id) });
    const unknown = await post(w.therapistSession.headers, { user_hashid: 'nonsense' });
    expect(notMine.statusCode).toBe(404);
    expect(errorAnswerOf(notMine)).toEqual(errorAnswerOf(unknown));
    expect(ZApiErrorSchema.parse(notMine.json()).error.message).toBe('Клиент не найден');
    expect((await post(w.therapistSession.headers, {})).statusCode).toBe(422);
    expect((await post(w.therapistSession.headers, { user_hashid: 12 })).statusCode).toBe(422);
    expect((await post({ cookie: w.therapistSession.cookie }, { user_hashid: 'x' })).statusCode).toBe(403);
    expect((await post(w.session.headers, { user_hashid: 'x' })).statusCode).toBe(403);
    const malformed = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...w.therapistSession.headers, 'content-type': 'application/json' },
      payload: '{"user_hashid":',
    });
    expect(malformed.statusCode).toBe(400);
    const client = await sessionOf(t, stranger);
    expect((await post(client.headers, { user_hashid: 'x' })).statusCode).toBe(403);
    expect(await snapshotOf(t, [stranger.id, w.client.id])).toEqual(before);
  });
});
