import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '../lib/cx.ts';
import styles from './Button.module.css';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type TButtonSize = 'medium' | 'small';

type TLook = { variant?: TButtonVariant; size?: TButtonSize; block?: boolean };

export function buttonClassName(
  { variant = 'primary', size = 'medium', block = false }: TLook,
  extra?: string,
): string {
  return cx(styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra);
}

export type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  TLook & {
    /** Shows a spinner, disables the button and tells assistive technology it is busy. */
    isLoading?: boolean;
    children: ReactNode;
  };

export function Button({
  variant,
  size,
  block,
  isLoading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: TButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & TLook) {
  return <Link {...rest} className={buttonClassName({ variant, size, block }, className)} />;
}
