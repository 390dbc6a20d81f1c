import type { TRole } from '@therapy/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { homeOf, signInPathOf } from '../../lib/roles.ts';
import { useCurrentUser } from '../../lib/session.tsx';

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
