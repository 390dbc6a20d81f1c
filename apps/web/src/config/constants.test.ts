import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SYMBOLS,
  DEFAULT_SORT_COLUMN,
  DEFAULT_TABLE_META,
  ERROR_SAMPLE_RATE,
  MONTH_HEADERS_START_INDEX,
  SORT_FIELD_EMAIL,
  STORAGE_KEYS,
  THERAPIST_STALE_MS,
  TOOLTIP_DEFAULTS,
  TRACES_SAMPLE_RATE,
} from './constants.ts';

describe('spec §9 constants', () => {
  it('samples every error and 1 % of traces', () => {
    expect(ERROR_SAMPLE_RATE).toBe(1);
    expect(TRACES_SAMPLE_RATE).toBe(0.01);
  });

  it('treats therapist data as stale after 6 hours', () => {
    expect(THERAPIST_STALE_MS).toBe(21_600_000);
  });

  it('has the table, tooltip and storage defaults', () => {
    expect(DEFAULT_TABLE_META).toEqual({ page: 1, total: 16 });
    expect(TOOLTIP_DEFAULTS).toEqual({ placement: 'left', theme: 'ysn' });
    expect(MONTH_HEADERS_START_INDEX).toBe(4);
    expect(DEFAULT_SORT_COLUMN).toBe(1);
    expect(SORT_FIELD_EMAIL).toBe('users_email');
    expect(STORAGE_KEYS.chosenBusiness).toBe('chosenBusiness');
  });

  it('knows the rouble and euro symbols', () => {
    expect(CURRENCY_SYMBOLS).toEqual({ rub: '₽', eur: '€' });
  });
});
