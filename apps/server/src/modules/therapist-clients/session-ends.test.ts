import { ZApiErrorSchema, ZTherapistSessionSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createSlot } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { bookingWorld } from '../../test/booking-world.ts';
import { recordJoin } from '../video/video-participants.ts';
import { SWEEP_EVERY_MS, scheduleNextSweep, therapistClientJobHandlers } from './job-handlers.ts';
import { recordSessionEnds } from './record-session-ends.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function world() {
  // A pass with 3 of 4 left: one session spent on the slot made below.
  const w = await bookingWorld(t, { sessionsLeft: 3 });
  const ended = (minutesAgo: number) =>
    createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() - (50 + minutesAgo) * MINUTE),
      clientPassId: w.clientPass?.id ?? null,
    });
  const row = async (id: number) => (await t.ctx.db.select().from(slots).where(eq(slots.id, id)))[0];
  const left = async () =>
    (
      await t.ctx.db
        .select()
        .from(clientPasses)
        .where(eq(clientPasses.id, w.clientPass?.id ?? 0))
    )[0]?.sessionsLeft;
  return { ...w, ended, row, left };
}

describe('the session-end sweep', () => {
  it('records completed, the client’s no-show and the therapist’s no-show from who joined the room', async () => {
    const w = await world();
    // Seventy minutes apart (session and buffer): one therapist's sessions never overlap.
    const held = await w.ended(75);
    const clientAbsent = await w.ended(145);
    const therapistAbsent = await w.ended(215);
    const stillInGrace = await w.ended(5);
    await recordJoin(t.ctx.db, held.id, w.therapist.id, held.startsAt);
    await recordJoin(t.ctx.db, held.id, w.client.id, held.startsAt);
    await recordJoin(t.ctx.db, clientAbsent.id, w.therapist.id, clientAbsent.startsAt);
    await recordJoin(t.ctx.db, therapistAbsent.id, w.client.id, therapistAbsent.startsAt);

    await recordSessionEnds(t.ctx);
    expect((await w.row(held.id))?.status).toBe('completed');
    expect(await w.row(clientAbsent.id)).toMatchObject({ status: 'missed', cancelReason: 'client_no_show' });
    expect(await w.row(therapistAbsent.id)).toMatchObject({ status: 'cancelled', cancelReason: 'therapist_no_show' });
    expect((await w.row(stillInGrace.id))?.status).toBe('booked');
    // The therapist's no-show gave the session back and tells the client.
    expect(await w.left()).toBe(4);
    const [mail] = await findJobs({ keys: [`therapist-no-show:${therapistAbsent.id}`] });
    expect(mail?.payload).toEqual({ slot_id: therapistAbsent.id, session_returned: true });

    // A second run changes nothing.
    await recordSessionEnds(t.ctx);
    expect(await w.left()).toBe(4);
    expect((await w.row(therapistAbsent.id))?.status).toBe('cancelled');
  });

  it('runs as a job that schedules its next run once per period, whoever schedules it', async () => {
    const w = await world();
    const slot = await w.ended(15);
    const at = new Date('2030-01-01T10:02:00Z');
    await scheduleNextSweep(t.ctx.db, at);
    await scheduleNextSweep(t.ctx.db, new Date('2030-01-01T10:04:59Z'));
    const key = 'sessions-record-ends:2030-01-01T10:05:00.000Z';
    expect((await findJobs({ keys: [key] })).length).toBe(1);
    const handler = therapistClientJobHandlers(t.ctx)['sessions.record_ends'];
    await handler?.({
      id: 'x',
      kind: 'sessions.record_ends',
      payload: {},
      dedupeKey: key,
      attempt: 0,
      signal: new AbortController().signal,
    });
    expect((await w.row(slot.id))?.status).toBe('cancelled');
    const next = new Date((Math.floor(Date.now() / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS);
    expect((await findJobs({ keys: [`sessions-record-ends:${next.toISOString()}`] })).length).toBe(1);
  });
});

describe('POST /api/v1/therapist/sessions/:id/outcome', () => {
  const post = (id: string, headers: Record<string, string>, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/therapist/sessions/${id}/outcome`,
      headers,
      payload: payload as object,
    });

  it('corrects a recorded outcome within 48 h, keeping the pass right both ways', async () => {
    const w = await world();
    const slot = await w.ended(15);
    await recordSessionEnds(t.ctx); // nobody joined: the therapist's no-show, the session back in the pass
    expect(await w.left()).toBe(4);
    const id = t.ctx.hashids.encode('slot', slot.id);

    const corrected = await post(id, w.therapistSession.headers, { outcome: 'completed' });
    expect(corrected.statusCode).toBe(200);
    expect(ZTherapistSessionSchema.parse(corrected.json())).toMatchObject({
      status: 'completed',
      outcome: 'completed',
    });
    expect(await w.left()).toBe(3);

    const missed = await post(id, w.therapistSession.headers, { outcome: 'client_no_show' });
    expect(ZTherapistSessionSchema.parse(missed.json())).toMatchObject({ status: 'missed', outcome: 'client_no_show' });
    expect(await w.left()).toBe(3);

    const back = await post(id, w.therapistSession.headers, { outcome: 'therapist_no_show' });
    expect(ZTherapistSessionSchema.parse(back.json()).outcome).toBe('therapist_no_show');
    expect(await w.left()).toBe(4);
  });

  it('refuses after 48 h, before the end, bad input, other therapists and other roles', async () => {
    const w = await world();
    const old = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() - 50 * HOUR),
      status: 'completed',
    });
    const future = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() + 50 * HOUR),
    });
    const recent = await w.ended(15);
    await recordSessionEnds(t.ctx);
    const id = (s: { id: number }) => t.ctx.hashids.encode('slot', s.id);
    const h = w.therapistSession.headers;

    const late = await post(id(old), h, { outcome: 'client_no_show' });
    expect(ZApiErrorSchema.parse(late.json()).error.code).toBe('too_late');
    expect(ZApiErrorSchema.parse((await post(id(future), h, { outcome: 'completed' })).json()).error.code).toBe(
      'conflict',
    );
    expect((await post(id(recent), h, { outcome: 'maybe' })).statusCode).toBe(422);
    expect((await post(id(recent), h, {})).statusCode).toBe(422);

    const other = await bookingWorld(t);
    const foreign = await post(id(recent), other.therapistSession.headers, { outcome: 'completed' });
    expect(foreign.statusCode).toBe(404);
    expect((await post(id(recent), w.session.headers, { outcome: 'completed' })).statusCode).toBe(403);
    expect((await post(id(recent), { cookie: w.therapistSession.cookie }, { outcome: 'completed' })).statusCode).toBe(
      403,
    );
    expect((await w.row(old.id))?.status).toBe('completed');
    expect((await w.row(recent.id))?.status).toBe('cancelled');
  });
});
