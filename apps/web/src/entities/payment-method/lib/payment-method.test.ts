import { describe, expect, it } from 'vitest';
import { initialPaymentMethod, paymentOptionsFor } from './payment-method.ts';

const methods = [
  { key: 'cloud_payments', currency: 'rub' },
  { key: 'stripe', currency: 'eur' },
] as const;

describe('initialPaymentMethod', () => {
  it('starts with the method matching the checkout currency (spec §4)', () => {
    expect(initialPaymentMethod(methods, 'rub')).toBe('cloud_payments');
    expect(initialPaymentMethod(methods, 'eur')).toBe('stripe');
    expect(initialPaymentMethod(methods, 'EUR')).toBe('stripe');
  });

  it('treats any other currency as roubles', () => {
    expect(initialPaymentMethod(methods, 'usd')).toBe('cloud_payments');
    expect(initialPaymentMethod([{ key: 'stripe', currency: 'eur' }], 'rub')).toBe('stripe');
  });
});

describe('paymentOptionsFor', () => {
  it('prices only the current currency', () => {
    expect(paymentOptionsFor('eur', { price: 4000, discount_price: 3600 })).toEqual([
      { key: 'cloud_payments', currency: 'rub' },
      { key: 'stripe', currency: 'eur', price: 4000, discount_price: 3600 },
    ]);
  });
});
