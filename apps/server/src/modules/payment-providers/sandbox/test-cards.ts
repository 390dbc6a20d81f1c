export type TCardOutcome = 'succeeds' | 'declined' | 'requires_3ds';

/** The sandbox's test cards, as Stripe's test mode has them; any other valid number succeeds. */
export const TEST_CARDS: readonly { number: string; outcome: TCardOutcome; label: string }[] = [
  { number: '4242424242424242', outcome: 'succeeds', label: 'оплата проходит' },
  { number: '4000000000000002', outcome: 'declined', label: 'банк отклоняет платёж' },
  { number: '4000000000003220', outcome: 'requires_3ds', label: 'нужно подтверждение 3-D Secure' },
];

export type TCardForm = { card_number?: unknown; expiry?: unknown; cvc?: unknown };
export type TCardFields = { card_number: string; expiry: string; cvc: string };
export type TReadCard =
  | { ok: true; last4: string; outcome: TCardOutcome }
  | { ok: false; errors: Partial<Record<keyof TCardFields, string>>; values: TCardFields };

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 40) : '');

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Reads the card form: number (Luhn), expiry (MM/ГГ, not past), CVC; Russian messages per field. */
export function readCard(form: TCardForm, now: Date): TReadCard {
  const values = { card_number: text(form.card_number), expiry: text(form.expiry), cvc: text(form.cvc) };
  const errors: Partial<Record<keyof TCardFields, string>> = {};
  const digits = values.card_number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) errors.card_number = 'Проверьте номер карты';
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = expiry?.[2]?.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) errors.expiry = 'Укажите срок действия в виде ММ/ГГ';
  else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    errors.expiry = 'Срок действия карты истёк';
  }
  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'Введите CVC: три цифры с обратной стороны карты';
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  const outcome = TEST_CARDS.find((card) => card.number === digits)?.outcome ?? 'succeeds';
  return { ok: true, last4: digits.slice(-4), outcome };
}
