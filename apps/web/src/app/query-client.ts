import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';

/** Client errors (4xx) do not get better on retry; network and server errors get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query client. A 401 on any query means the session ended (expired, signed out in another tab):
 * `onUnauthorized` sends the user to sign in again.
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized?: () => void } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 401) onUnauthorized?.();
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
