import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyOfCountry, currencyOfLanguages, DEFAULT_CURRENCY, normalizeCurrency } from './currency.ts';

describe('currencies', () => {
  it('knows roubles and euros, roubles by default', () => {
    expect(CURRENCIES).toEqual(['rub', 'eur']);
    expect(DEFAULT_CURRENCY).toBe('rub');
  });

  it('reads eur in any case as euros and everything else as roubles', () => {
    expect(normalizeCurrency('EUR')).toBe('eur');
    expect(normalizeCurrency('eur')).toBe('eur');
    expect(normalizeCurrency(' Eur ')).toBe('eur');
    expect(normalizeCurrency('RUB')).toBe('rub');
    expect(normalizeCurrency('rub')).toBe('rub');
    expect(normalizeCurrency('usd')).toBe('rub');
    expect(normalizeCurrency('')).toBe('rub');
    expect(normalizeCurrency(null)).toBe('rub');
    expect(normalizeCurrency(undefined)).toBe('rub');
  });
});

describe('the currency a visitor is offered first', () => {
  it('is euros for a euro-area country, roubles for any other or none', () => {
    expect(currencyOfCountry('DE')).toBe('eur');
    expect(currencyOfCountry('fi')).toBe('eur');
    expect(currencyOfCountry('ME')).toBe('eur');
    expect(currencyOfCountry('RU')).toBe('rub');
    expect(currencyOfCountry('US')).toBe('rub');
    expect(currencyOfCountry(null)).toBe('rub');
  });

  it("follows the browser's first language: its region, else a euro-area language", () => {
    expect(currencyOfLanguages(['de-AT', 'ru'])).toBe('eur');
    expect(currencyOfLanguages(['ru-RU', 'de-DE'])).toBe('rub');
    expect(currencyOfLanguages(['en-US'])).toBe('rub');
    expect(currencyOfLanguages(['fi'])).toBe('eur');
    expect(currencyOfLanguages(['sr-Latn-ME'])).toBe('eur');
    expect(currencyOfLanguages(['en'])).toBe('rub');
    expect(currencyOfLanguages([])).toBe('rub');
  });
});
