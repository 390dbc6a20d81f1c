import { type RefObject, useEffect } from 'react';

/** After a failed submit, moves focus to the first invalid control of the form, so the keyboard user lands on it. */
export function useFocusFirstError(formRef: RefObject<HTMLFormElement | null>, failedSubmits: number): void {
  useEffect(() => {
    if (failedSubmits === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, failedSubmits]);
}
