import { AppError } from '../../lib/errors.ts';
import type { TPaymentEventOutcome } from './types.ts';

/** Said to whoever delivered a success that did not pay the purchase's price (the provider, or the reconciliation job). */
export const AMOUNT_MISMATCH_MESSAGE = 'Сумма платежа не совпадает с суммой покупки: покупка не оплачена';

/** The error raised for an `amount_mismatch` outcome, with both sums in the log-friendly fields. */
export function amountMismatchError(outcome: Extract<TPaymentEventOutcome, { result: 'amount_mismatch' }>): AppError {
  const received = outcome.received ? `${outcome.received.amount} ${outcome.received.currency}` : 'нет суммы';
  return new AppError('amount_mismatch', AMOUNT_MISMATCH_MESSAGE, {
    expected: `${outcome.expected.amount} ${outcome.expected.currency}`,
    received,
  });
}
