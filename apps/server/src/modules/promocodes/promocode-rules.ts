import type { TCurrency } from '@therapy/contract';
import type { TPromocodeRow } from '../../db/schema/index.ts';

/** A price never drops below one whole rouble or euro: a payment provider cannot charge nothing. */
const MIN_AMOUNT = 100;

/** Whether the code lowers prices in this currency (fixed amounts always name theirs). */
export function promocodeFitsCurrency(code: TPromocodeRow, currency: TCurrency): boolean {
  return code.currency === null || code.currency === currency;
}

/**
 * The price after the code, in minor units. A percentage is rounded to whole roubles or
 * euros, since prices are shown without decimals; a code for another currency changes nothing.
 */
export function discountedAmount(amount: number, currency: TCurrency, code: TPromocodeRow | null): number {
  if (!code || !promocodeFitsCurrency(code, currency)) return amount;
  const off =
    code.kind === 'percent' ? Math.round((amount * (code.percentOff ?? 0)) / 100 / 100) * 100 : (code.amountOff ?? 0);
  return Math.max(Math.min(amount, MIN_AMOUNT), amount - off);
}
