/**
 * A labelled group of checkboxes (several answers) or radio buttons (one answer), drawn as chips or as rows.
 * Native inputs inside a fieldset: arrows move between radios, Space toggles, the legend names the group.
 */
import { type ReactNode, type Ref, useId } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './ChoiceGroup.module.css';

export type TChoice = { value: string; label: ReactNode; description?: ReactNode };

type TCommon = {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  choices: readonly TChoice[];
  look?: 'chips' | 'rows';
  /** Hide the legend visually (it is still read out). */
  legendHidden?: boolean;
  disabled?: boolean;
  name?: string;
  /** The first choice's input: where a form puts focus when the group is invalid. */
  inputRef?: Ref<HTMLInputElement>;
};

export type TChoiceGroupProps =
  | (TCommon & { multiple: true; value: readonly string[]; onChange: (value: string[]) => void })
  | (TCommon & { multiple?: false; value: string | null; onChange: (value: string) => void });

export function ChoiceGroup(props: TChoiceGroupProps) {
  const { legend, hint, error, choices, look = 'chips', legendHidden = false, disabled } = props;
  const autoName = useId();
  const name = props.name ?? autoName;
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  const isChecked = (value: string): boolean => (props.multiple ? props.value.includes(value) : props.value === value);

  const toggle = (value: string, checked: boolean): void => {
    if (props.multiple) {
      props.onChange(checked ? [...props.value, value] : props.value.filter((item) => item !== value));
    } else if (checked) {
      props.onChange(value);
    }
  };

  return (
    <fieldset className={styles.group} aria-describedby={describedBy} disabled={disabled}>
      <legend className={cx(styles.legend, legendHidden && 'visually-hidden')}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={cx(styles.choices, look === 'rows' ? styles.rows : styles.chips)}>
        {choices.map((choice, index) => {
          const inputId = `${name}-${choice.value}`;
          return (
            <div key={choice.value} className={styles.choice}>
              <input
                ref={index === 0 ? props.inputRef : undefined}
                id={inputId}
                className={styles.input}
                type={props.multiple ? 'checkbox' : 'radio'}
                name={name}
                value={choice.value}
                checked={isChecked(choice.value)}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(choice.value, event.target.checked)}
              />
              <label htmlFor={inputId} className={styles.label}>
                <span className={styles.labelText}>{choice.label}</span>
                {choice.description && <span className={styles.description}>{choice.description}</span>}
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
