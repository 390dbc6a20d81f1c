import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './Page.module.css';

/** A page: its h1 (also the tab title), an optional lead paragraph, then the content. */
export function Page({
  title,
  documentTitle,
  lead,
  children,
}: {
  title: ReactNode;
  /** The tab title when `title` is not plain text. */
  documentTitle?: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
      </header>
      {children}
    </div>
  );
}
