import { formatDateTime as formatDateTimeByIntl } from '@therapy/contract/rules';
import { DateTime, IANAZone } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, instantOfWallTime, localParts, zoneOf, zoneOrDefault } from './time.ts';

const ZONES = ['Europe/Berlin', 'Europe/Moscow', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
const YEAR = { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2027-01-01T00:00:00Z') };
const DAY = 86_400_000;

/** Moments of 2026 to compare at: every 211 minutes (all hours and quarters), and every 5 minutes of the days around a DST change. */
function moments(tz: string): number[] {
  const zone = IANAZone.create(tz);
  const out: number[] = [];
  for (let t = YEAR.from; t < YEAR.to; t += 211 * 60_000) out.push(t);
  for (let day = YEAR.from; day < YEAR.to; day += DAY) {
    if (zone.offset(day) === zone.offset(day + DAY)) continue;
    for (let t = day - DAY; t < day + 2 * DAY; t += 5 * 60_000) out.push(t);
  }
  return out;
}

describe('local times', () => {
  it('formats an instant in the viewer’s zone as the spec says', () => {
    const at = new Date('2026-11-22T11:30:00Z');
    expect(formatDateTime(at, 'Europe/Moscow')).toBe('22.11.2026 в 14:30');
    expect(formatDateTime(at, 'Asia/Vladivostok')).toBe('22.11.2026 в 21:30');
    expect(formatDateTime(new Date('2026-11-22T21:05:00Z'), 'Europe/Moscow')).toBe('23.11.2026 в 00:05');
    expect(localParts(at, 'America/New_York')).toEqual({
      date: '2026-11-22',
      time: '06:30',
      weekday: 6,
      label: '22.11.2026 в 06:30',
    });
  });

  it('follows the zone across DST changes, minute by minute', () => {
    const at = (iso: string, tz: string) => {
      const { date, time, weekday } = localParts(new Date(iso), tz);
      return `${date} ${time} ${weekday}`;
    };
    expect(at('2026-03-29T00:59:00Z', 'Europe/Berlin')).toBe('2026-03-29 01:59 6');
    expect(at('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe('2026-03-29 03:00 6');
    expect(at('2026-10-25T00:59:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:59 6');
    expect(at('2026-10-25T01:00:00Z', 'Europe/Berlin')).toBe('2026-10-25 02:00 6');
    expect(at('2026-11-22T11:30:00Z', 'Asia/Kathmandu')).toBe('2026-11-22 17:15 6');
    // Lord Howe moves by half an hour, here into Sunday 5 April
    expect(at('2026-04-04T14:59:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05 01:59 6');
    expect(at('2026-04-04T15:00:00Z', 'Australia/Lord_Howe')).toBe('2026-04-05 01:30 6');
    expect(at('2026-11-22T23:30:00Z', 'Asia/Vladivostok')).toBe('2026-11-23 09:30 0');
  });

  it('falls back to Moscow for a zone it does not know', () => {
    expect(zoneOrDefault('Mars/Olympus')).toBe('Europe/Moscow');
    expect(zoneOrDefault('')).toBe('Europe/Moscow');
    expect(zoneOrDefault('Europe/Berlin')).toBe('Europe/Berlin');
    expect(formatDateTime(new Date('2026-11-22T11:30:00Z'), 'Mars/Olympus')).toBe('22.11.2026 в 14:30');
  });

  it('finds the instant of a wall-clock time, moving skipped times forward', () => {
    const wall = (iso: string) => Date.parse(`${iso}Z`);
    const at = (iso: string, tz: string) => new Date(instantOfWallTime(wall(iso), tz)).toISOString();
    expect(at('2026-11-22T14:30:00', 'Europe/Moscow')).toBe('2026-11-22T11:30:00.000Z');
    expect(at('2026-03-29T10:00:00', 'Europe/Berlin')).toBe('2026-03-29T08:00:00.000Z');
    expect(at('2026-03-28T10:00:00', 'Europe/Berlin')).toBe('2026-03-28T09:00:00.000Z');
    // 02:30 does not exist that night in Berlin: it is 03:30 summer time
    expect(at('2026-03-29T02:30:00', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice in October: the later one, winter time
    expect(at('2026-10-25T02:30:00', 'Europe/Berlin')).toBe('2026-10-25T01:30:00.000Z');
    expect(at('2026-11-23T00:00:00', 'Asia/Vladivostok')).toBe('2026-11-22T14:00:00.000Z');
  });
});

describe('remembered zone offsets', () => {
  afterEach(() => vi.useRealTimers());

  it('label every instant of a year as the contract rule does from Intl directly', () => {
    const differ: string[] = [];
    for (const tz of ZONES) {
      for (const t of moments(tz)) {
        const at = new Date(t);
        const [ours, intl] = [formatDateTime(at, tz), formatDateTimeByIntl(at, tz)];
        if (ours !== intl) differ.push(`${at.toISOString()} ${tz}: ${ours} ≠ ${intl}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('turn wall times into the instants plain Luxon finds, on both sides of each DST change', () => {
    const differ: string[] = [];
    for (const tz of ZONES) {
      const plain = IANAZone.create(tz);
      for (const wall of moments(tz)) {
        const luxon = DateTime.fromMillis(wall, { zone: 'utc' }).setZone(plain, { keepLocalTime: true }).toMillis();
        const ours = instantOfWallTime(wall, tz);
        if (ours !== luxon) differ.push(`${new Date(wall).toISOString()} ${tz}: ${ours} ≠ ${luxon}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('pick the later of a repeated time whatever the date is today', () => {
    const repeated = Date.parse('2026-10-25T02:30:00Z');
    for (const today of ['2026-07-01T12:00:00Z', '2026-12-01T12:00:00Z']) {
      vi.useFakeTimers({ now: new Date(today) });
      expect(new Date(instantOfWallTime(repeated, 'Europe/Berlin')).toISOString(), today).toBe(
        '2026-10-25T01:30:00.000Z',
      );
    }
  });

  it('are Luxon zones: they format, compare and name themselves as the IANA zone', () => {
    const berlin = zoneOf('Europe/Berlin');
    const winter = DateTime.fromISO('2026-01-15T12:00:00Z', { zone: berlin });
    expect(winter.toISO()).toBe('2026-01-15T13:00:00.000+01:00');
    expect(winter.toFormat('dd.MM.yyyy HH:mm ZZ')).toBe('15.01.2026 13:00 +01:00');
    expect(winter.setZone(berlin).plus({ months: 6 }).toISO()).toBe('2026-07-15T13:00:00.000+02:00');
    expect(berlin.equals(IANAZone.create('Europe/Berlin'))).toBe(true);
    expect(berlin.name).toBe('Europe/Berlin');
    expect(zoneOf('Mars/Olympus').name).toBe('Europe/Moscow');
    expect(zoneOf(null).name).toBe('Europe/Moscow');
    // However a user spells a zone, it is one zone with one memo; the stored spelling is kept.
    expect(zoneOf('europe/berlin')).toBe(berlin);
    expect(zoneOrDefault('europe/berlin')).toBe('europe/berlin');
  });
});
