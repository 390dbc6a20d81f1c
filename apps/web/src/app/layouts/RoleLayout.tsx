/**
 * The shell of a signed-in role: the product name, the role's navigation, the user's name and «Выйти». Below
 * 1120 px the navigation folds into a menu behind the «Меню» button: choosing a page or pressing Escape closes it.
 */
import type { TRole } from '@therapy/contract';
import type { ParseKeys } from 'i18next';
import { Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { cx } from '../../lib/cx.ts';
import { errorMessageFrom } from '../../lib/form-errors.ts';
import { homeOf } from '../../lib/roles.ts';
import { displayName, useCurrentUser } from '../../lib/session.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { LoadingState } from '../../ui/States.tsx';
import { Brand } from './Brand.tsx';
import { Footer } from './Footer.tsx';
import styles from './RoleLayout.module.css';
import shell from './Shell.module.css';
import { useFocusMainOnNavigation } from './use-focus-main-on-navigation.ts';

/** `keepSearch`: query parameters the link carries over from the current address (the business and year). */
export type TNavItem = { to: string; label: ParseKeys; end?: boolean; keepSearch?: readonly string[] };

function withKept(item: TNavItem, search: string): string {
  if (!item.keepSearch?.length) return item.to;
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of item.keepSearch) {
    const value = current.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${item.to}?${query}` : item.to;
}

export function RoleLayout({ forRole: role, nav }: { forRole: TRole; nav: readonly TNavItem[] }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signOut = useSignOut(role);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const navId = useId();
  const { search } = useLocation();
  useFocusMainOnNavigation(mainRef);
  // The shell paints first; the screen renders right after, in a render React may interrupt (a transition), so the
  // page's first render is not one long task that blocks input on a slow phone.
  const screenShown = useDeferredValue(true, false);

  // Escape closes the open menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className={shell.shell}>
      <a className={shell.skipLink} href="#main">
        {t('common.skipToContent')}
      </a>
      <header className={shell.header}>
        <div className={cx(shell.bar, styles.bar)}>
          <Brand to={homeOf(role)} />
          <button
            ref={menuButtonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className={styles.menuIcon} aria-hidden="true" />
            {t('common.menu')}
          </button>
          <nav
            id={navId}
            className={cx(styles.nav, menuOpen && styles.navOpen)}
            aria-label={t('common.mainNavigation')}
          >
            <ul className={styles.links}>
              {nav.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={withKept(item, search)}
                    end={item.end}
                    className={styles.link}
                    onClick={() => setMenuOpen(false)}
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className={styles.user}>
              {user && (
                <p className={styles.who}>
                  <span className="visually-hidden">{t('common.signedInAs')} </span>
                  <span className={styles.name}>{displayName(user)}</span>
                  <span className={styles.role}>{t(`roles.${role}`)}</span>
                </p>
              )}
              <Button variant="secondary" size="small" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
                {signOut.isPending ? t('common.signingOut') : t('common.signOut')}
              </Button>
            </div>
          </nav>
        </div>
      </header>
      {signOut.isError && (
        <div className={styles.alert}>
          <Alert tone="error">{`${t('errors.signOutFailed')} ${errorMessageFrom(signOut.error, t)}`}</Alert>
        </div>
      )}
      <main id="main" ref={mainRef} tabIndex={-1} className={cx(shell.main, shell.mainTall)}>
        <Suspense fallback={<LoadingState />}>{screenShown ? <Outlet /> : <LoadingState />}</Suspense>
      </main>
      <Footer />
    </div>
  );
}
