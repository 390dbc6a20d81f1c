import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TChangePasswordRequest } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { settingsKeys } from './settings-keys.ts';

/** Changes the password; the server ends every other session, so the list is asked for again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TChangePasswordRequest) => callRoute(routes.changePassword, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
