import { ZApiErrorSchema, ZClientSlotSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passPurchases, slots } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createClient, createClientPass, createPass, createSlot, setTherapistSchedule } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { ALL_WEEK, bookingWorld, localHour, sessionOf, snapshotOf } from '../../test/booking-world.ts';
import { bookingJobHandlers } from './job-handlers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ SLOT_HOLD_MINUTES: '15', BOOKING_MIN_NOTICE_MINUTES: '180' });
});
afterAll(() => t.app.close());

const hold = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/slots', headers, payload: payload as object });
const errorOf = (body: unknown) => ZApiErrorSchema.parse(body).error;
const slotsOfTherapist = (therapistId: number) =>
  t.ctx.db.select().from(slots).where(eq(slots.therapistId, therapistId)).orderBy(slots.id);

describe('POST /api/v1/user/slots (hold a time)', () => {
  it('holds a free time for the client for SLOT_HOLD_MINUTES and schedules the sweep', async () => {
    const w = await bookingWorld(t, { clientTz: 'Asia/Vladivostok', therapistTz: 'Europe/Berlin' });
    const startsAt = localHour('Europe/Berlin', 3, 10);
    const before = Date.now();
    const response = await hold(w.session.headers, {
      therapist_id: w.therapistId,
      starts_at: startsAt.toISOString(),
      therapy_type: 'single',
    });
    expect(response.statusCode).toBe(200);
    const body = ZClientSlotSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'held',
      therapy_type: 'single',
      starts_at: startsAt.toISOString(),
      duration_min: 50,
      tz: 'Asia/Vladivostok',
      can_reschedule: false,
      can_cancel: true,
      therapist: { id: w.therapistId },
    });
    expect(body.time).toBe(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Vladivostok', hour: '2-digit', minute: '2-digit' }).format(
        startsAt,
      ),
    );
    const holdUntil = Date.parse(body.hold_expires_at ?? '');
    expect(holdUntil).toBeGreaterThanOrEqual(before + 15 * 60_000);
    expect(holdUntil).toBeLessThan(Date.now() + 15 * 60_000 + 1000);
    const [row] = await slotsOfTherapist(w.therapist.id);
    expect(row).toMatchObject({ status: 'held', clientId: w.client.id, clientPassId: null });
    expect(row?.blockedUntil.getTime()).toBe(startsAt.getTime() + 60 * 60_000);
    expect(body.id).toBe(t.ctx.hashids.encode('slot', row?.id ?? 0));
    const [sweep] = await findJobs({ keys: [`expire-holds:${row?.id}`] });
    expect(sweep?.kind).toBe('booking.expire_holds');
  });

  it('lets exactly one of 20 clients holding the same time at once win; the others get 409', async () => {
    const w = await bookingWorld(t);
    const startsAt = localHour('Europe/Moscow', 4, 12).toISOString();
    const rivals = await Promise.all(Array.from({ length: 20 }, () => createClient(t.ctx.db)));
    const sessions = await Promise.all(rivals.map((c) => sessionOf(t, c)));
    const responses = await Promise.all(
      sessions.map((s) =>
        hold(s.headers, { therapist_id: w.therapistId, starts_at: startsAt, therapy_type: 'single' }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(r.json())).toMatchObject({ code: 'slot_taken', message: 'Это время уже занято' });
    }
    expect(await slotsOfTherapist(w.therapist.id)).toHaveLength(1);
  });

  it('refuses an overlapping time held or booked by someone else with 409', async () => {
    const w = await bookingWorld(t);
    const other = await createClient(t.ctx.db);
    await setTherapistSchedule(t.ctx.db, w.therapist.id, { rules: ALL_WEEK, sessionMinutes: 50, bufferMinutes: 10 });
    // someone's session from before a grid change: 11:30–12:30 overlaps the 12:00 start
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: other.id,
      startsAt: new Date(localHour('Europe/Moscow', 3, 11).getTime() + 30 * 60_000),
    });
    const before = await snapshotOf(t, [w.client.id, w.therapist.id]);
    const response = await hold(w.session.headers, {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', 3, 12).toISOString(),
      therapy_type: 'single',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response.json()).message).toBe('Это время уже занято');
    expect(await snapshotOf(t, [w.client.id, w.therapist.id])).toEqual(before);
  });

  it('a new hold releases the client’s previous one; the same hold asked twice is the same hold', async () => {
    const w = await bookingWorld(t);
    const first = ZClientSlotSchema.parse(
      (
        await hold(w.session.headers, {
          therapist_id: w.therapistId,
          starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
          therapy_type: 'single',
        })
      ).json(),
    );
    const again = ZClientSlotSchema.parse(
      (
        await hold(w.session.headers, {
          therapist_id: w.therapistId,
          starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
          therapy_type: 'single',
        })
      ).json(),
    );
    expect(again.id).toBe(first.id);
    const second = await hold(w.session.headers, {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', 3, 14).toISOString(),
      therapy_type: 'single',
    });
    expect(second.statusCode).toBe(200);
    const rows = await slotsOfTherapist(w.therapist.id);
    expect(rows.map((r) => r.status)).toEqual(['expired', 'held']);
    // the released time is free for anyone again
    const rival = await sessionOf(t, await createClient(t.ctx.db));
    const taken = await hold(rival.headers, {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
      therapy_type: 'single',
    });
    expect(taken.statusCode).toBe(200);
  });

  it('frees a lapsed hold: the next hold takes its time, and the sweep job marks it expired', async () => {
    const w = await bookingWorld(t);
    const sleeper = await createClient(t.ctx.db);
    const startsAt = localHour('Europe/Moscow', 5, 15);
    const lapsed = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: sleeper.id,
      startsAt,
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    const response = await hold(w.session.headers, {
      therapist_id: w.therapistId,
      starts_at: startsAt.toISOString(),
      therapy_type: 'single',
    });
    expect(response.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(slots).where(eq(slots.id, lapsed.id));
    expect(after?.status).toBe('expired');

    const another = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: sleeper.id,
      startsAt: localHour('Europe/Moscow', 6, 15),
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    // a lapsed hold whose payment is still pending is kept by the sweep (the client may still pay)
    const payer = await createClient(t.ctx.db);
    const paying = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: payer.id,
      startsAt: localHour('Europe/Moscow', 7, 15),
      status: 'held',
      holdExpiresAt: new Date(Date.now() - 1000),
    });
    const pass = await createPass(t.ctx.db);
    const clientPass = await createClientPass(t.ctx.db, {
      userId: payer.id,
      passId: pass.id,
      status: 'pending_purchase',
    });
    await t.ctx.db.insert(passPurchases).values({
      userId: payer.id,
      passId: pass.id,
      clientPassId: clientPass.id,
      currency: 'rub',
      amount: 1000,
      amountPaid: 1000,
      provider: 'sandbox',
      paymentMethodKey: 'cloud_payments',
      idempotencyKey: `sweep-${paying.id}`,
      slotId: paying.id,
    });
    await bookingJobHandlers(t.ctx)['booking.expire_holds']?.({} as never);
    const statusOf = async (id: number) => (await t.ctx.db.select().from(slots).where(eq(slots.id, id)))[0]?.status;
    expect(await statusOf(another.id)).toBe('expired');
    expect(await statusOf(paying.id)).toBe('held');
  });

  it('refuses the past, too soon, off the grid, outside the hours, and an unsupported therapy type', async () => {
    const w = await bookingWorld(t);
    const before = await snapshotOf(t, [w.client.id, w.therapist.id]);
    const cases: [string, string, string | RegExp][] = [
      [new Date(Date.now() - 3_600_000).toISOString(), 'single', 'Это время уже прошло'],
      [
        new Date(Date.now() + 60 * 60_000).toISOString(),
        'single',
        'Записаться можно не позднее чем за 3 часа до начала',
      ],
      [new Date(localHour('Europe/Moscow', 3, 10).getTime() + 30 * 60_000).toISOString(), 'single', /не принимает/],
      [localHour('Europe/Moscow', 3, 21).toISOString(), 'single', /не принимает/],
      [localHour('Europe/Moscow', 3, 10).toISOString(), 'couple', 'Психолог не проводит парную терапию'],
    ];
    for (const [startsAt, therapyType, message] of cases) {
      const response = await hold(w.session.headers, {
        therapist_id: w.therapistId,
        starts_at: startsAt,
        therapy_type: therapyType,
      });
      expect(response.statusCode, startsAt).toBe(422);
      expect(errorOf(response.json())).toMatchObject({ code: 'slot_unavailable', message });
    }
    expect(await snapshotOf(t, [w.client.id, w.therapist.id])).toEqual(before);
  });

  it('refuses a therapist who takes no new clients', async () => {
    const w = await bookingWorld(t);
    await setTherapistSchedule(t.ctx.db, w.therapist.id, { rules: ALL_WEEK, acceptingClients: false });
    const response = await hold(w.session.headers, {
      therapist_id: w.therapistId,
      starts_at: localHour('Europe/Moscow', 3, 10).toISOString(),
      therapy_type: 'single',
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response.json()).message).toBe('Психолог сейчас не принимает новых клиентов');
    expect(await slotsOfTherapist(w.therapist.id)).toHaveLength(0);
  });
});
