import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './time-zones.ts';

const labelOf = (zone: string, language: string, now: Date) =>
  timeZoneOptions(zone, language, now).find((option) => option.value === zone)?.label;

describe('timeZoneOptions', () => {
  const winter = new Date('2026-01-15T12:00:00Z');
  const summer = new Date('2026-07-15T12:00:00Z');

  it('names each zone as people do, with its UTC offset, in the language of the interface', () => {
    expect(labelOf('Europe/Moscow', 'ru', winter)).toBe('Москва, UTC+3');
    expect(labelOf('Europe/Moscow', 'en', winter)).toBe('Moscow, UTC+3');
    expect(labelOf('Asia/Kolkata', 'en', winter)).toBe('India, UTC+5:30');
    expect(labelOf('America/St_Johns', 'en', winter)).toBe('St John’s, UTC-3:30');
  });

  it('takes the offset of the day: summer time moves Berlin to UTC+2', () => {
    expect(labelOf('Europe/Berlin', 'ru', winter)).toMatch(/UTC\+1$/);
    expect(labelOf('Europe/Berlin', 'ru', summer)).toMatch(/UTC\+2$/);
  });

  it('orders west to east, no label twice, and no raw id', () => {
    const list = timeZoneOptions('Europe/Moscow', 'ru', winter);
    const labels = list.map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.some((label) => /\w\/\w/.test(label))).toBe(false);
    const moscow = labels.indexOf('Москва, UTC+3');
    expect(labels.indexOf('Владивосток, UTC+10')).toBeGreaterThan(moscow);
    expect(labels.indexOf('Нью-Йорк, UTC-5')).toBeLessThan(moscow);
  });

  it('keeps a zone the list does not know, first', () => {
    expect(timeZoneOptions('Etc/GMT-3', 'ru', winter)[0]).toEqual({ value: 'Etc/GMT-3', label: 'UTC+3' });
  });
});
