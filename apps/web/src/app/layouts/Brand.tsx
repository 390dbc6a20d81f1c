import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Brand.module.css';

/** The product name with its mark, linking home. */
export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={styles.brand}>
      <span className={styles.mark} aria-hidden="true">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M12 21s-8-4.9-8-10.6A4.6 4.6 0 0 1 12 7.6a4.6 4.6 0 0 1 8 2.8C20 16.1 12 21 12 21z" />
        </svg>
      </span>
      {t('common.productName')}
    </Link>
  );
}
