import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TClient } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { paymentsKeys } from './payments-keys.ts';

export function deleteUserCard(): Promise<TClient> {
  return callRoute(routes.deleteUserCard);
}

export function useDeleteUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserCard,
    onSuccess: (client) => queryClient.setQueryData(paymentsKeys.card(), client),
  });
}
