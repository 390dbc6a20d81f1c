import { describe, expect, it } from 'vitest';
import { formatAverage, formatShare, monthTick, monthTitle } from './chart-points.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('metric labels', () => {
  it('names months in Russian without shifting them by the zone', () => {
    expect(monthTick('2026-01', 'ru')).toBe('янв');
    expect(monthTitle('2026-11', 'ru')).toBe('ноябрь 2026');
  });

  it('formats averages with one decimal and shares as percent, with a dash for nothing', () => {
    expect(formatAverage(4.25, 'ru')).toBe('4,3');
    expect(formatAverage(null, 'ru')).toBe('—');
    expect(plain(formatShare(1 / 3, 'ru'))).toBe('33 %');
    expect(formatShare(null, 'ru')).toBe('—');
  });
});
