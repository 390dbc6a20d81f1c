/**
 * A tooltip shown on hover and on keyboard focus, hidden by Escape (WCAG 1.4.13). Its text describes the trigger
 * through aria-describedby. Defaults (spec §9): placement left, theme 'ysn'.
 */
import { cloneElement, type ReactElement, type ReactNode, useId, useState } from 'react';
import { TOOLTIP_DEFAULTS, type TTooltipPlacement } from '../config/constants.ts';
import { cx } from '../lib/cx.ts';
import styles from './Tooltip.module.css';

export type TTooltipTheme = 'ysn' | 'light';

type TTriggerProps = { 'aria-describedby'?: string };

export type TTooltipProps = {
  content: ReactNode;
  /** One focusable element (a button, a link); it gets aria-describedby. */
  children: ReactElement<TTriggerProps>;
  placement?: TTooltipPlacement;
  theme?: TTooltipTheme;
};

export function Tooltip({
  content,
  children,
  placement = TOOLTIP_DEFAULTS.placement,
  theme = TOOLTIP_DEFAULTS.theme,
}: TTooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const describedBy = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus are forwarded from the trigger inside.
    <span
      className={styles.wrapper}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      <span id={id} role="tooltip" hidden={!open} className={cx(styles.tooltip, styles[placement], styles[theme])}>
        {content}
      </span>
    </span>
  );
}

/** A small «i» button that only carries a tooltip; `label` is its accessible name. */
export function InfoTooltip({ label, ...props }: Omit<TTooltipProps, 'children'> & { label: string }) {
  return (
    <Tooltip {...props}>
      <button type="button" className={styles.trigger} aria-label={label}>
        <span aria-hidden="true">i</span>
      </button>
    </Tooltip>
  );
}
