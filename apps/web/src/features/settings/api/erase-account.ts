import { useMutation } from '@tanstack/react-query';
import { routes, type TEraseAccountRequest } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** Deletes the client's account; the server ends the session with it, so nothing is asked again afterwards. */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (body: TEraseAccountRequest) => callRoute(routes.eraseAccount, { body }),
  });
}
