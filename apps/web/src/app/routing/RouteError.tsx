import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../../ui/States.tsx';
import styles from '../layouts/Shell.module.css';

/** A screen that failed to render (or its code failed to load): say so and offer to reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className={styles.main}>
      <ErrorState message={t('errors.generic')} onRetry={() => window.location.reload()} />
    </main>
  );
}
