import { describe, expect, it } from 'vitest';
import { countRu, HOURS, MINUTES, SESSIONS } from './plural.ts';

describe('Russian plurals', () => {
  it.each([
    [1, '1 сессия'],
    [2, '2 сессии'],
    [4, '4 сессии'],
    [5, '5 сессий'],
    [11, '11 сессий'],
    [12, '12 сессий'],
    [21, '21 сессия'],
    [22, '22 сессии'],
    [25, '25 сессий'],
    [0, '0 сессий'],
    [101, '101 сессия'],
  ])('%i → %s', (n, text) => {
    expect(countRu(n, SESSIONS)).toBe(text);
  });

  it('declines hours and minutes too', () => {
    expect([1, 3, 24].map((n) => countRu(n, HOURS))).toEqual(['1 час', '3 часа', '24 часа']);
    expect([1, 15, 50].map((n) => countRu(n, MINUTES))).toEqual(['1 минута', '15 минут', '50 минут']);
  });
});
