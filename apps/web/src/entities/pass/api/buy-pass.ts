import { useMutation } from '@tanstack/react-query';
import { routes, type TBuyPassRequest, type TBuyPassResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export type TBuyPassInput = { passId: string; idempotencyKey: string; body: TBuyPassRequest };

/** Starts paying for a pass. The same `idempotencyKey` on a retry answers with the same purchase, never a second one. */
export function buyPass({ passId, idempotencyKey, body }: TBuyPassInput): Promise<TBuyPassResponse> {
  return callRoute(routes.buyPass, {
    params: { id: passId },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useBuyPass() {
  return useMutation({ mutationFn: buyPass });
}
