/**
 * A failed request as a form shows it (react-hook-form does the rest: validation through the contract's zod schemas
 * with their Russian messages, errors on the fields, focus on the first invalid one).
 */
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error.ts';

export type TFormError = { message: string | null; fields: Partial<Record<string, string>> };

/**
 * The server's Russian `message` for the top of the form and its `fields` per field. A network failure or a body
 * outside the contract gets a generic text.
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

/**
 * Puts a failed submit on a react-hook-form form: each of the server's `fields` (`ApiError.fields`) on the field of
 * that name, focusing the first, and the message on top as the form's `root.server` error (cleared by the next
 * submit).
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  t: TFunction,
): void {
  const { message, fields } = formErrorFrom(error, t);
  Object.entries(fields).forEach(([name, text], index) => {
    if (text) setError(name as Path<T>, { type: 'server', message: text }, { shouldFocus: index === 0 });
  });
  if (message) setError('root.server', { type: 'server', message });
}
