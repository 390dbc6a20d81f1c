/** Turns validation and server errors into what a form shows: one message on top and one per field. */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isApiError } from '../api/api-error.ts';

export type TFieldErrors = Partial<Record<string, string>>;

export type TFormError = { message: string | null; fields: TFieldErrors };

export const NO_FORM_ERROR: TFormError = { message: null, fields: {} };

/** The first message of each top-level field of a zod error: `{ email: 'Укажите корректный e-mail' }`. */
export function fieldErrorsFromZod(error: z.ZodError): TFieldErrors {
  const fields: TFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && fields[key] === undefined) fields[key] = issue.message;
  }
  return fields;
}

/**
 * A failed request as form errors: the server's Russian `message` on top and its `fields` per field. A network
 * failure or a body outside the contract gets a generic text.
 */
export function formErrorFrom(error: unknown, t: TFunction): TFormError {
  if (isApiError(error)) {
    const details = error.details;
    if (details) {
      const fields = details.fields ?? {};
      // A message that a field already shows is not repeated on top of the form.
      const repeated = Object.values(fields).includes(details.message);
      return { message: repeated ? null : details.message, fields };
    }
    return { message: t(error.status >= 500 ? 'errors.server' : 'errors.generic'), fields: {} };
  }
  if (error instanceof TypeError) return { message: t('errors.network'), fields: {} };
  return { message: t('errors.generic'), fields: {} };
}

/** A message for a failed load (no fields): the server's text, else a generic one. */
export function errorMessageFrom(error: unknown, t: TFunction): string {
  return formErrorFrom(error, t).message ?? t('errors.generic');
}
