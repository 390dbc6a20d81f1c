import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones.ts';

const labelOf = (zone: string, now: Date) => timeZoneOptions(zone, now).find((option) => option.value === zone)?.label;

describe('timeZoneOptions', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it('names each zone with its UTC offset', () => {
    expect(labelOf('Europe/Moscow', winter)).toBe('Europe/Moscow (UTC+3)');
    expect(labelOf('Asia/Kolkata', winter)).toBe('Asia/Kolkata (UTC+5:30)');
    expect(labelOf('America/St_Johns', winter)).toBe('America/St Johns (UTC-3:30)');
  });

  it('keeps a zone the list does not know, first', () => {
    expect(timeZoneOptions('Etc/GMT-3', winter)[0]).toEqual({ value: 'Etc/GMT-3', label: 'Etc/GMT-3 (UTC+3)' });
    expect(labelOf('UTC', summer)).toBe('UTC (UTC)');
  });
});
