import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from './money.ts';

/** Intl separates groups and the symbol with no-break spaces; compare with plain spaces. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats kopecks as roubles with no decimals and spaced thousands', () => {
    expect(plain(formatMoney(1_250_000, 'rub'))).toBe('12 500 ₽');
    expect(plain(formatMoney(150_000, 'rub'))).toBe('1 500 ₽');
    expect(plain(formatMoney(350_000, 'RUB'))).toBe('3 500 ₽');
    expect(plain(formatMoney(123_456_789, 'rub'))).toBe('1 234 568 ₽');
    expect(plain(formatMoney(0, 'rub'))).toBe('0 ₽');
  });

  it('formats cents as euros, rounding to whole euros', () => {
    expect(plain(formatMoney(9_500, 'eur'))).toBe('95 €');
    expect(plain(formatMoney(9_549, 'EUR'))).toBe('95 €');
    expect(plain(formatMoney(9_550, 'eur'))).toBe('96 €');
    expect(plain(formatMoney(1_250_000, 'eur'))).toBe('12 500 €');
  });

  it('treats any currency other than eur as roubles, roubles by default', () => {
    expect(plain(formatMoney(100_000, 'usd'))).toBe('1 000 ₽');
    expect(plain(formatMoney(100_000, null))).toBe('1 000 ₽');
    expect(plain(formatMoney(100_000))).toBe('1 000 ₽');
  });

  it('never wraps inside an amount', () => {
    expect(formatMoney(1_250_000, 'rub')).not.toContain(' ');
    expect(formatMoney(9_500, 'eur')).not.toContain(' ');
  });

  it('takes a locale, keeping the currency symbols', () => {
    expect(formatMoney(1_250_000, 'eur', 'en-GB')).toBe('€12,500');
    expect(formatMoney(1_250_000, 'rub', 'en-GB')).toBe('₽12,500');
    expect(plain(formatMoney(1_250_000, 'rub', 'ru'))).toBe('12 500 ₽');
  });
});

describe('formatNumber', () => {
  it('groups whole numbers the same way as money', () => {
    expect(plain(formatNumber(12_500))).toBe('12 500');
    expect(plain(formatNumber(1_500))).toBe('1 500');
    expect(formatNumber(12_500, 'en-GB')).toBe('12,500');
  });
});
