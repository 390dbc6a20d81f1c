import { useMutation } from '@tanstack/react-query';
import { routes, type TSignInRequest, type TSignInResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export function signIn(body: TSignInRequest): Promise<TSignInResponse> {
  return callRoute(routes.signIn, { body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
