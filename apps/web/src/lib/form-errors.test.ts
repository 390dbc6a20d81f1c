import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { formErrorFrom, setServerErrors } from './form-errors.ts';

const t = i18next.t.bind(i18next);
const apiError = (message: string, fields?: Record<string, string>) =>
  new ApiError(422, { error: { code: 'validation_failed', message, ...(fields ? { fields } : {}) } });

describe('formErrorFrom', () => {
  it('puts the server message on top and field messages on the fields', () => {
    expect(formErrorFrom(apiError('Проверьте поля', { email: 'Укажите e-mail' }), t)).toEqual({
      message: 'Проверьте поля',
      fields: { email: 'Укажите e-mail' },
    });
  });

  it('does not repeat on top a message that a field already shows', () => {
    const error = apiError('Этот пароль слишком распространён', { password: 'Этот пароль слишком распространён' });
    expect(formErrorFrom(error, t)).toEqual({
      message: null,
      fields: { password: 'Этот пароль слишком распространён' },
    });
  });
});

describe('setServerErrors', () => {
  it('sets each field error, focusing the first, and the message as the root error', () => {
    const setError = vi.fn();
    setServerErrors(setError, apiError('Проверьте поля', { email: 'Занят', first_name: 'Укажите имя' }), t);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Занят' }, { shouldFocus: true }],
      ['first_name', { type: 'server', message: 'Укажите имя' }, { shouldFocus: false }],
      ['root.server', { type: 'server', message: 'Проверьте поля' }],
    ]);
  });
});
