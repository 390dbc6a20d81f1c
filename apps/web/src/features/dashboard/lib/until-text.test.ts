import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { untilText } from './until-text.ts';

const t = createI18n('ru').t;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('untilText', () => {
  it.each([
    [2 * DAY + 3 * HOUR, '2 дня 3 часа'],
    [1 * DAY, '1 день'],
    [5 * DAY + 21 * HOUR, '5 дней 21 час'],
    [3 * HOUR + 15 * MIN, '3 часа 15 минут'],
    [1 * HOUR + 1 * MIN, '1 час 1 минута'],
    [22 * MIN, '22 минуты'],
    [30_000, 'меньше минуты'],
  ])('%i ms → %s', (ms, text) => {
    expect(untilText(ms, t)).toBe(text);
  });
});
