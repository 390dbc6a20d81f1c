import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageFrom } from '../../../lib/form-errors.ts';
import { ErrorState, LoadingState } from '../../../ui/States.tsx';
import { useConsents } from '../api/consents.ts';
import styles from './Privacy.module.css';

/** Asked for seldom (a consent text changed): its form is downloaded then, not with every page of the area. */
const ConsentRequest = lazy(() =>
  import('./ConsentRequest.tsx').then((module) => ({ default: module.ConsentRequest })),
);

/**
 * The client's area opens only once every required consent text is accepted in its current
 * version: a new version is asked for here, before anything else. `signOut` is the way out for
 * someone who does not accept (the app layer passes it: features do not import one another).
 */
export function ConsentGate({ children, signOut }: { children: ReactNode; signOut?: ReactNode }) {
  const { t } = useTranslation();
  const consents = useConsents();
  // The area opens in a render React may interrupt (a transition), not in the task that delivered the consents.
  const data = useDeferredValue(consents.data);
  if (consents.isPending) return <LoadingState />;
  if (consents.isError) {
    return (
      <main className={styles.gate}>
        <ErrorState message={errorMessageFrom(consents.error, t)} onRetry={() => void consents.refetch()} />
      </main>
    );
  }
  if (!data) return <LoadingState />;
  const pending = data.consents.filter((consent) => consent.needs_acceptance);
  if (pending.length === 0) return children;
  return (
    <Suspense fallback={<LoadingState />}>
      <ConsentRequest pending={pending} signOut={signOut} />
    </Suspense>
  );
}
