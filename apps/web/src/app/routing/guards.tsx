import type { TRole } from '@therapy/contract';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { ConsentGate } from '../../features/privacy/components/ConsentGate.tsx';
import { homeOf, signInPathOf } from '../../lib/roles.ts';
import { useCurrentUser } from '../../lib/session.tsx';
import { Button } from '../../ui/Button.tsx';

/**
 * A role's area: without a signed-in user, go to that role's sign-in page (remembering the page in `?next=`);
 * a user of another role goes to their own home.
 */
export function RequireRole({ forRole: role, children }: { forRole: TRole; children: ReactNode }) {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${signInPathOf(role)}?next=${next}`} replace />;
  }
  if (user.role !== role) return <Navigate to={homeOf(user.role)} replace />;
  return children;
}

/** Public pages for visitors (landing, sign-in, sign-up): a signed-in user goes to their role's home. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user) return <Navigate to={homeOf(user.role)} replace />;
  return children;
}

/** Shown only beside a consent request (which waits for it in its Suspense): downloaded with it. */
const EraseAccountButton = lazy(() =>
  import('../../features/settings/components/EraseAccountCard.tsx').then((module) => ({
    default: module.EraseAccountButton,
  })),
);

/**
 * The client's area behind the consent gate; who does not accept a new text can still sign out,
 * or delete their account (its dialog says what follows, and asks for the password).
 */
export function ClientConsentGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signOut = useSignOut('client');
  return (
    <ConsentGate
      signOut={
        <>
          <Button variant="secondary" isLoading={signOut.isPending} onClick={() => signOut.mutate()}>
            {t('common.signOut')}
          </Button>
          <EraseAccountButton variant="ghost" />
        </>
      }
    >
      {children}
    </ConsentGate>
  );
}
