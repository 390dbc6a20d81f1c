import { type RefObject, useEffect, useState } from 'react';
import { NO_FORM_ERROR, type TFormError } from './form-errors.ts';

/**
 * The errors a form shows, and after each failed submit focus on its first invalid control,
 * so a keyboard user lands on it.
 */
export function useFormErrors(formRef: RefObject<HTMLFormElement | null>) {
  const [formError, setFormError] = useState<TFormError>(NO_FORM_ERROR);
  const [failedSubmits, setFailedSubmits] = useState(0);
  useEffect(() => {
    if (failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, failedSubmits]);
  return {
    formError,
    fail(error: TFormError): void {
      setFormError(error);
      setFailedSubmits((count) => count + 1);
    },
    clear: () => setFormError(NO_FORM_ERROR),
  };
}
