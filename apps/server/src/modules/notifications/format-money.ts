const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units as ru-RU text with no decimals (spec §9): 1250000 rub → '12 500 ₽',
 * 9500 eur → '95 €'. Groups and the symbol are joined by no-break spaces, as in the web app.
 */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toLowerCase() === 'eur' ? 'EUR' : 'RUB';
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    formats.set(code, format);
  }
  return format.format(minor / 100);
}
