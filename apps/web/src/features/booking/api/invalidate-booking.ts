import type { QueryClient } from '@tanstack/react-query';

/** After a session is held, booked, moved or cancelled: everything that shows sessions, free times or passes. */
export function invalidateBooking(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [['slots'], ['free-slots'], ['lk'], ['passes'], ['pass-status'], ['checkout'], ['suggestions'], ['therapist']].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
