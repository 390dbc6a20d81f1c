import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { computeFreeSlots, type TFreeSlotsInput, type TWeeklyRule } from './compute-free-slots.ts';

const everyDay = (startMinute: number, endMinute: number): TWeeklyRule[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute, endMinute }));

/** A local day of a zone as [from, to) instants. */
const dayOf = (date: string, tz: string) => {
  const start = DateTime.fromISO(date, { zone: tz }).startOf('day');
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() };
};

const base = (over: Partial<TFreeSlotsInput>): TFreeSlotsInput => ({
  tz: 'Europe/Moscow',
  rules: everyDay(10 * 60, 19 * 60),
  exceptions: [],
  sessionMinutes: 50,
  bufferMinutes: 10,
  busy: [],
  ...dayOf('2026-11-23', 'Europe/Moscow'),
  notBefore: new Date(0),
  ...over,
});

const labels = (starts: Date[], tz: string) =>
  starts.map((d) => DateTime.fromJSDate(d, { zone: tz }).toFormat('yyyy-MM-dd HH:mm'));
const times = (starts: Date[], tz: string) => starts.map((d) => DateTime.fromJSDate(d, { zone: tz }).toFormat('HH:mm'));

describe('computeFreeSlots', () => {
  it('cuts each window into starts every session + buffer from its beginning; the session must fit', () => {
    const starts = computeFreeSlots(base({ rules: [{ weekday: 0, startMinute: 600, endMinute: 770 }] }));
    // Monday 23.11.2026: 10:00, 11:00, 12:00 (12:00 + 50 = 12:50 ≤ 12:50)
    expect(times(starts, 'Europe/Moscow')).toEqual(['10:00', '11:00', '12:00']);
    expect(starts[0]?.toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('steps by the therapist’s own session length and buffer', () => {
    const starts = computeFreeSlots(
      base({ rules: [{ weekday: 0, startMinute: 600, endMinute: 900 }], sessionMinutes: 60, bufferMinutes: 30 }),
    );
    expect(times(starts, 'Europe/Moscow')).toEqual(['10:00', '11:30', '13:00']);
  });

  it('reads weekday 0 as Monday', () => {
    const monday = computeFreeSlots(base({ rules: [{ weekday: 0, startMinute: 600, endMinute: 660 }] }));
    const sunday = computeFreeSlots(base({ rules: [{ weekday: 6, startMinute: 600, endMinute: 660 }] }));
    expect(monday).toHaveLength(1);
    expect(sunday).toHaveLength(0);
  });

  it('keeps Berlin wall-clock hours across the spring DST change (last Sunday of March)', () => {
    const tz = 'Europe/Berlin';
    const rules = everyDay(10 * 60, 12 * 60);
    const starts = computeFreeSlots(
      base({ tz, rules, from: dayOf('2026-03-28', tz).from, to: dayOf('2026-03-31', tz).from }),
    );
    expect(labels(starts, tz)).toEqual([
      '2026-03-28 10:00',
      '2026-03-28 11:00',
      '2026-03-29 10:00',
      '2026-03-29 11:00',
      '2026-03-30 10:00',
      '2026-03-30 11:00',
    ]);
    // 10:00 is 09:00Z in winter time and 08:00Z in summer time.
    expect(starts[0]?.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(starts[2]?.toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });

  it('keeps Berlin wall-clock hours across the autumn DST change (last Sunday of October)', () => {
    const tz = 'Europe/Berlin';
    const starts = computeFreeSlots(
      base({
        tz,
        rules: everyDay(18 * 60, 19 * 60),
        from: dayOf('2026-10-24', tz).from,
        to: dayOf('2026-10-26', tz).to,
      }),
    );
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-10-24T16:00:00.000Z',
      '2026-10-25T17:00:00.000Z',
      '2026-10-26T17:00:00.000Z',
    ]);
  });

  it('counts real minutes inside a window that spans the night the clocks change', () => {
    const tz = 'Europe/Berlin';
    const rules = everyDay(0, 4 * 60);
    const spring = computeFreeSlots(base({ tz, rules, ...dayOf('2026-03-29', tz) }));
    const autumn = computeFreeSlots(base({ tz, rules, ...dayOf('2026-10-25', tz) }));
    // 00:00–04:00 lasts 3 real hours in March and 5 in October.
    expect(times(spring, tz)).toEqual(['00:00', '01:00', '03:00']);
    expect(times(autumn, tz)).toEqual(['00:00', '01:00', '02:00', '02:00', '03:00']);
    expect(new Set(autumn.map((d) => d.getTime())).size).toBe(5);
  });

  it('shows a Moscow therapist’s hours to a client in Vladivostok on the client’s days', () => {
    const client = 'Asia/Vladivostok';
    // Moscow 10:00–19:00 is 17:00–02:00 in Vladivostok: one client day holds the evening of
    // the therapist's same date and the small hours of the therapist's previous date.
    const starts = computeFreeSlots(base({ ...dayOf('2026-11-24', client) }));
    expect(times(starts, client)).toEqual([
      '00:00',
      '01:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
    ]);
    expect(labels(starts.slice(0, 1), 'Europe/Moscow')).toEqual(['2026-11-23 17:00']);
  });

  it('drops a day off and adds extra hours, merged with the weekly window they touch', () => {
    const dayOff = computeFreeSlots(
      base({ exceptions: [{ onDate: '2026-11-23', kind: 'day_off', startMinute: null, endMinute: null }] }),
    );
    expect(dayOff).toEqual([]);
    const extra = computeFreeSlots(
      base({
        rules: [{ weekday: 0, startMinute: 600, endMinute: 720 }],
        exceptions: [
          { onDate: '2026-11-23', kind: 'extra_hours', startMinute: 720, endMinute: 840 },
          { onDate: '2026-11-24', kind: 'extra_hours', startMinute: 600, endMinute: 700 },
        ],
      }),
    );
    expect(times(extra, 'Europe/Moscow')).toEqual(['10:00', '11:00', '12:00', '13:00']);
    const extraOnDayOff = computeFreeSlots(
      base({
        exceptions: [
          { onDate: '2026-11-23', kind: 'day_off', startMinute: null, endMinute: null },
          { onDate: '2026-11-23', kind: 'extra_hours', startMinute: 1200, endMinute: 1320 },
        ],
      }),
    );
    expect(times(extraOnDayOff, 'Europe/Moscow')).toEqual(['20:00', '21:00']);
  });

  it('leaves out starts whose session or buffer touches a live session and its buffer', () => {
    const at = (hhmm: string) => DateTime.fromISO(`2026-11-23T${hhmm}`, { zone: 'Europe/Moscow' }).toJSDate();
    const starts = computeFreeSlots(
      base({
        rules: [{ weekday: 0, startMinute: 600, endMinute: 900 }],
        busy: [
          { startsAt: at('11:00'), blockedUntil: at('12:00') },
          // an odd one from before the therapist changed the grid: 12:30–13:30 blocks 12:00 and 13:00
          { startsAt: at('12:30'), blockedUntil: at('13:30') },
        ],
      }),
    );
    expect(times(starts, 'Europe/Moscow')).toEqual(['10:00', '14:00']);
  });

  it('leaves out the past and the minimum notice', () => {
    const notBefore = DateTime.fromISO('2026-11-23T13:30', { zone: 'Europe/Moscow' }).toJSDate();
    const starts = computeFreeSlots(base({ notBefore }));
    expect(times(starts, 'Europe/Moscow')).toEqual(['14:00', '15:00', '16:00', '17:00', '18:00']);
  });

  it('returns nothing for an empty or reversed range and for no rules', () => {
    const { from } = dayOf('2026-11-23', 'Europe/Moscow');
    expect(computeFreeSlots(base({ from, to: from }))).toEqual([]);
    expect(computeFreeSlots(base({ rules: [] }))).toEqual([]);
  });

  it('tells whether one exact instant is a start (how a hold checks its time)', () => {
    const at = DateTime.fromISO('2026-11-23T15:00', { zone: 'Europe/Moscow' }).toJSDate();
    const off = new Date(at.getTime() + 30 * 60_000);
    const hit = computeFreeSlots(base({ from: at, to: new Date(at.getTime() + 1) }));
    const miss = computeFreeSlots(base({ from: off, to: new Date(off.getTime() + 1) }));
    expect(hit).toEqual([at]);
    expect(miss).toEqual([]);
  });
});
