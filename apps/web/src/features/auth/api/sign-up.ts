import { useMutation } from '@tanstack/react-query';
import { routes, type TSignInResponse, type TSignUpRequest } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export function signUp(body: TSignUpRequest): Promise<TSignInResponse> {
  return callRoute(routes.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
