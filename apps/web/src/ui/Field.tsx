/**
 * Labelled form controls. The error is tied to the control with aria-describedby and flagged with aria-invalid,
 * so a screen reader reads the label, the value, the hint and the error together.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from '../lib/cx.ts';
import styles from './Field.module.css';

type TFieldMeta = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint?: ReactNode;
  errorId: string;
  error?: string | null;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

export type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> &
  TFieldMeta & { ref?: Ref<HTMLInputElement> };

export function TextField({ label, hint, error, id, className, ...inputProps }: TTextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        {...inputProps}
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
      />
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export type TCheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> &
  TFieldMeta & { ref?: Ref<HTMLInputElement> };

export function CheckboxField({ label, hint, error, id, className, ...inputProps }: TCheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx(styles.checkboxRow, className)}>
      <input
        {...inputProps}
        id={inputId}
        type="checkbox"
        className={styles.checkbox}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
      />
      <label htmlFor={inputId} className={styles.checkboxLabel}>
        {label}
      </label>
      <div className={styles.checkboxMessages}>
        <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
      </div>
    </div>
  );
}

export type TSelectOption = { value: string; label: string };

export type TSelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> &
  TFieldMeta & { options: readonly TSelectOption[]; ref?: Ref<HTMLSelectElement> };

export function SelectField({ label, hint, error, id, className, options, ...selectProps }: TSelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={selectId} className={styles.label}>
        {label}
      </label>
      <select
        {...selectProps}
        id={selectId}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

export type TTextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> &
  TFieldMeta & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, hint, error, id, className, ...areaProps }: TTextAreaFieldProps) {
  const autoId = useId();
  const areaId = id ?? autoId;
  const hintId = `${areaId}-hint`;
  const errorId = `${areaId}-error`;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={areaId} className={styles.label}>
        {label}
      </label>
      <textarea
        {...areaProps}
        id={areaId}
        className={cx(styles.input, styles.textarea)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : null, error ? errorId : null)}
      />
      <FieldMessages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
