import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TCurrency } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export function setCurrency(currency: TCurrency): Promise<{ currency: TCurrency }> {
  return callRoute(routes.setCurrency, { body: { currency } });
}

/** Switches the client's currency; every price on screen is then asked for again. */
export function useSetCurrency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setCurrency, onSuccess: () => queryClient.invalidateQueries() });
}
