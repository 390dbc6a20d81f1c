import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TUserCard } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { userCardQueryKey } from './get-user-card.ts';

export function deleteUserCard(): Promise<TUserCard> {
  return callRoute(routes.deleteUserCard);
}

export function useDeleteUserCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserCard,
    onSuccess: (card) => queryClient.setQueryData(userCardQueryKey, card),
  });
}
