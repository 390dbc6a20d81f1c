import { ZApiErrorSchema, ZAvailabilityExceptionSchema, ZScheduleSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityExceptions, availabilityRules } from '../../db/schema/index.ts';
import { createClient, createSlot, createTherapist, setTherapistSchedule } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const URL = '/api/v1/therapist/schedule';
const TZ = 'Asia/Vladivostok';
/** Ten days ahead in the therapist's zone: a date with a known weekday, far from "now". */
const day = DateTime.now().setZone(TZ).plus({ days: 10 }).startOf('day');
const weekday = day.weekday - 1;
const at = (hour: number) => day.set({ hour }).toJSDate();

/** A Vladivostok therapist working 10:00–18:00 every day, with one client booked at 14:00 on `day`. */
async function world() {
  const therapist = await createTherapist(t.ctx.db, { tz: TZ });
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((w) => ({ weekday: w, startMinute: 600, endMinute: 1080 }));
  await setTherapistSchedule(t.ctx.db, therapist.id, { rules: everyDay });
  const client = await createClient(t.ctx.db, { firstName: 'Анна', lastName: 'Соколова', tz: 'Europe/Lisbon' });
  const slot = await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: client.id, startsAt: at(14) });
  return { therapist, slot, session: await sessionOf(t, therapist) };
}

const rulesOf = (therapistId: number) =>
  t.ctx.db.select().from(availabilityRules).where(eq(availabilityRules.therapistId, therapistId));

const allDays = (start: number, end: number, skip?: number) =>
  [0, 1, 2, 3, 4, 5, 6].filter((w) => w !== skip).map((w) => ({ weekday: w, start_minute: start, end_minute: end }));

describe('schedule changes that clash with booked sessions', () => {
  it('refuses new weekly hours that leave a booked session outside, naming it in the therapist’s zone', async () => {
    const { therapist, slot, session } = await world();
    const before = await rulesOf(therapist.id);
    const put = (rules: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: URL,
        headers: session.headers,
        payload: { rules, session_minutes: 50, buffer_minutes: 10 },
      });

    const refused = await put(allDays(600, 840, weekday)); // the day itself off
    expect(refused.statusCode).toBe(409);
    const { error } = ZApiErrorSchema.parse(refused.json());
    expect(error.code).toBe('conflict');
    const label = `${day.toFormat('dd.MM.yyyy')} в 14:00`;
    expect(error.message).toContain(`${label} — Анна Соколова`);
    expect(error.clashes).toEqual([
      {
        slot_id: t.ctx.hashids.encode('slot', slot.id),
        starts_at: at(14).toISOString(),
        duration_min: 50,
        local_label: label,
        client_name: 'Анна Соколова',
      },
    ]);
    // Ending at 14:30 cuts into the 14:00–14:50 session too.
    expect((await put(allDays(600, 870))).statusCode).toBe(409);
    expect(await rulesOf(therapist.id)).toEqual(before);

    // Hours that still hold the whole session are fine, and so is a shorter day elsewhere.
    const fine = await put([...allDays(600, 900, weekday), { weekday, start_minute: 780, end_minute: 890 }]);
    expect(fine.statusCode).toBe(200);
    expect(ZScheduleSchema.parse(fine.json()).rules).toContainEqual({ weekday, start_minute: 780, end_minute: 890 });
  });

  it('names every clash in English to a therapist who reads English, the names as they are', async () => {
    const { therapist, session } = await world();
    const oleg = await createClient(t.ctx.db, { firstName: 'Олег', lastName: 'Ким' });
    const nameless = await createClient(t.ctx.db, { firstName: '', lastName: '' });
    await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: oleg.id, startsAt: at(11) });
    await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: nameless.id, startsAt: at(16) });
    const refused = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: { ...session.headers, 'accept-language': 'en-GB,en;q=0.9' },
      payload: { rules: allDays(600, 1080, weekday), session_minutes: 50, buffer_minutes: 10 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-language']).toBe('en');
    const { error } = ZApiErrorSchema.parse(refused.json());
    const date = day.toFormat('dd.MM.yyyy');
    expect(error.message).toBe(
      `The change clashes with booked sessions: ${date} at 11:00 — Олег Ким; ${date} at 14:00 — Анна Соколова; ` +
        `${date} at 16:00 — Client. Move or cancel them, then save again`,
    );
    expect(error.clashes?.map((c) => [c.local_label, c.client_name])).toEqual([
      [`${date} at 11:00`, 'Олег Ким'],
      [`${date} at 14:00`, 'Анна Соколова'],
      [`${date} at 16:00`, 'Client'],
    ]);
  });

  it('does not count cancelled or past sessions, nor sessions already outside the hours', async () => {
    const { therapist, session } = await world();
    const client = await createClient(t.ctx.db);
    // booked at 20:00, outside 10:00–18:00 since before this change
    await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: client.id, startsAt: at(20) });
    await createSlot(t.ctx.db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: at(11),
      status: 'cancelled',
    });
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: URL,
        headers: session.headers,
        payload: { rules: allDays(780, 900), session_minutes: 50, buffer_minutes: 10 },
      });
    expect((await put()).statusCode).toBe(200);
  });

  it('refuses a day off over a booked session and removing extra hours that hold one', async () => {
    const { therapist, session } = await world();
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${URL}/exceptions`, headers: session.headers, payload });
    const date = day.toISODate();

    const off = await add({ date, kind: 'day_off' });
    expect(off.statusCode).toBe(409);
    expect(ZApiErrorSchema.parse(off.json()).error.clashes?.map((c) => c.client_name)).toEqual(['Анна Соколова']);

    // Extra evening hours, then a session booked in them: the hours can no longer be removed.
    const extra = await add({ date, kind: 'extra_hours', start_minute: 1140, end_minute: 1260 });
    expect(extra.statusCode).toBe(200);
    const extraId = ZAvailabilityExceptionSchema.parse(extra.json()).id;
    const client = await createClient(t.ctx.db, { firstName: 'Олег', lastName: 'Ким' });
    await createSlot(t.ctx.db, { therapistId: therapist.id, clientId: client.id, startsAt: at(19) });
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `${URL}/exceptions/${extraId}`,
      headers: session.headers,
    });
    expect(remove.statusCode).toBe(409);
    const { error } = ZApiErrorSchema.parse(remove.json());
    expect(error.message).toContain(`${day.toFormat('dd.MM.yyyy')} в 19:00 — Олег Ким`);
    const kept = await t.ctx.db
      .select()
      .from(availabilityExceptions)
      .where(eq(availabilityExceptions.therapistId, therapist.id));
    expect(kept.map((e) => e.kind)).toEqual(['extra_hours']);

    // A day off on another date clashes with nothing.
    expect((await add({ date: day.plus({ days: 1 }).toISODate(), kind: 'day_off' })).statusCode).toBe(200);
  });
});
