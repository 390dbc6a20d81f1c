import { useTranslation } from 'react-i18next';
import { homeOf } from '../../lib/roles.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import styles from './NotFoundScreen.module.css';

/** Any unknown address. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className={styles.notFound}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <ButtonLink to={user ? homeOf(user.role) : '/'}>{t('notFound.home')}</ButtonLink>
    </div>
  );
}
