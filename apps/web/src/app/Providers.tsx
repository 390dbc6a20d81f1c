import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TCurrentUser } from '@therapy/contract';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SessionProvider } from '../lib/session.tsx';
import { ModalStackProvider } from '../ui/ModalStack.tsx';

/** Everything a screen relies on: translations, server state, the signed-in user, the modal stack. */
export function Providers({
  i18n,
  queryClient,
  user,
  children,
}: {
  i18n: i18n;
  queryClient: QueryClient;
  user: TCurrentUser | null;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider user={user}>
          <ModalStackProvider>{children}</ModalStackProvider>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
