import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import styles from './AuthCard.module.css';

/** The centred card of the sign-in and sign-up pages. */
export function AuthCard({
  title,
  lead,
  footer,
  children,
}: {
  title: string;
  lead: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        <div className={styles.header}>
          <h1>{title}</h1>
          <p className={styles.lead}>{lead}</p>
        </div>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
