/** Page states: loading, a failed load with «Повторить», nothing to show yet, and «Раздел в разработке». */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import styles from './States.module.css';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.error}>
      <Alert tone="error">{message}</Alert>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

/** An honest placeholder for a section that is not built yet. */
export function UnderConstruction({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.construction}>
      <div className={styles.illustration} aria-hidden="true">
        <svg
          aria-hidden="true"
          width="32"
          height="32"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
        </svg>
      </div>
      <Heading>{t('ui.underConstructionTitle')}</Heading>
      <p>{t('ui.underConstructionText')}</p>
    </div>
  );
}

/** Nothing to show yet: what is missing and what to do about it. */
export function EmptyState({
  title,
  text,
  action,
  headingLevel = 2,
}: {
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      <Heading className={styles.emptyTitle}>{title}</Heading>
      {text && <p>{text}</p>}
      {action}
    </div>
  );
}
