import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { ConsentGate } from '../../features/privacy/components/ConsentGate.tsx';
import { Button } from '../../ui/Button.tsx';

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
