import { type ReactNode, useId } from 'react';
import { cx } from '../lib/cx.ts';
import styles from './Card.module.css';

/** A surface with a soft shadow. With a title it is a labelled section. */
export function Card({ title, className, children }: { title?: ReactNode; className?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={cx(styles.card, className)} aria-labelledby={title ? titleId : undefined}>
      {title && (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
