import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { formErrorFrom } from './form-errors.ts';

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
