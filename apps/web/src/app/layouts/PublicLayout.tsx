import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingState } from '../../ui/States.tsx';
import { Brand } from './Brand.tsx';
import { Footer } from './Footer.tsx';
import styles from './Shell.module.css';
import { useFocusMainOnNavigation } from './use-focus-main-on-navigation.ts';

/** Pages for visitors: landing, sign-in, sign-up, 404. */
export function PublicLayout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(mainRef);
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        {t('common.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Brand to="/" />
        </div>
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
