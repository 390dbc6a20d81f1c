import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { routeKey } from '../api/query-keys.ts';

/** Client errors (4xx) do not get better on retry; network and server errors get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query client. A 401 on any query means the session ended (expired, signed out in another tab):
 * `onUnauthorized` sends the user to sign in again. A 403 `consent_pending` (a consent text changed while the
 * page was open) refreshes the client's consents, so the consent gate shows itself before anything else.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized?: () => void } = {}): QueryClient {
  const onConsentPending = (error: unknown) => {
    if (isApiError(error) && error.code === 'consent_pending') {
      void client.invalidateQueries({ queryKey: routeKey('userConsents') });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) onUnauthorized?.();
        onConsentPending(error);
      },
    }),
    mutationCache: new MutationCache({ onError: onConsentPending }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}
