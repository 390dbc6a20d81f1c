import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TUserCard } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { paymentsKeys } from './payments-keys.ts';

export function deleteUserCard(): Promise<TUserCard> {
  return callRoute(routes.deleteUserCard);
}

export function useDeleteUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserCard,
    onSuccess: (card) => queryClient.setQueryData(paymentsKeys.card(), card),
  });
}
