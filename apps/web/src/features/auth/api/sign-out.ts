import { useMutation } from '@tanstack/react-query';
import { routes, type TRole } from '@therapy/contract';
import { isApiError } from '../../../api/api-error.ts';
import { callRoute } from '../../../api/client.ts';
import { readCsrfToken } from '../../../lib/app-global.ts';
import { navigateTo } from '../../../lib/navigation.ts';

/**
 * Signs out as spec §7 says: clients and therapists POST their logout route with the X-CSRF-Token header (the
 * fetch wrapper adds it); business accounts send the token as `authenticity_token` in the JSON body.
 */
export async function signOut(role: TRole): Promise<void> {
  if (role === 'client') await callRoute(routes.clientLogout);
  else if (role === 'therapist') await callRoute(routes.therapistLogout);
  else await callRoute(routes.businessLogout, { body: { authenticity_token: readCsrfToken() ?? undefined } });
}

/** Signs out, then loads '/' so the server renders a page without the session. A 401 means already signed out. */
export function useSignOut(role: TRole) {
  return useMutation({
    mutationFn: () => signOut(role),
    onSuccess: () => navigateTo('/'),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) navigateTo('/');
    },
  });
}
