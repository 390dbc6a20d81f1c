import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currency.ts';
import {
  currencyOfPaymentMethod,
  isForeignPaymentMethod,
  normalizePaymentMethodKey,
  PAYMENT_METHOD_KEYS,
  PAYMENT_METHOD_OF_CURRENCY,
} from './payment-method.ts';

describe('payment methods and currencies', () => {
  it('pays roubles by cloud_payments and euros by stripe', () => {
    expect(PAYMENT_METHOD_OF_CURRENCY).toEqual({ rub: 'cloud_payments', eur: 'stripe' });
    expect(PAYMENT_METHOD_KEYS).toEqual(['cloud_payments', 'stripe']);
  });

  it('maps stripe to euros and every other key to roubles', () => {
    expect(currencyOfPaymentMethod('stripe')).toBe('eur');
    expect(currencyOfPaymentMethod('cloud_payments')).toBe('rub');
    expect(currencyOfPaymentMethod('Stripe')).toBe('rub');
    expect(currencyOfPaymentMethod('paypal')).toBe('rub');
    expect(currencyOfPaymentMethod(null)).toBe('rub');
    expect(currencyOfPaymentMethod(undefined)).toBe('rub');
  });

  it('goes from a currency to its method and back', () => {
    for (const currency of CURRENCIES) {
      expect(currencyOfPaymentMethod(PAYMENT_METHOD_OF_CURRENCY[currency])).toBe(currency);
    }
  });

  it('reads a stored key as one of ours: stripe stays, anything else is cloud_payments', () => {
    expect(normalizePaymentMethodKey('stripe')).toBe('stripe');
    expect(normalizePaymentMethodKey('cloud_payments')).toBe('cloud_payments');
    expect(normalizePaymentMethodKey('cloudpayments')).toBe('cloud_payments');
    expect(normalizePaymentMethodKey(null)).toBe('cloud_payments');
  });

  it('marks cloud_payments as a foreign method', () => {
    expect(isForeignPaymentMethod('cloud_payments')).toBe(true);
    expect(isForeignPaymentMethod('stripe')).toBe(false);
    expect(isForeignPaymentMethod(null)).toBe(false);
  });
});
