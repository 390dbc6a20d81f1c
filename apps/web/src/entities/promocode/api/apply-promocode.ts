import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type TUserPromocode } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { invalidateRoutes } from '../../../api/query-keys.ts';
import { promocodeKeys } from './promocode-keys.ts';

export function applyPromocode(code: string): Promise<TUserPromocode> {
  return callRoute(routes.applyPromocode, { body: { code } });
}

/** Applies a code; prices with the discount (passes, checkout) are asked for again. */
export function useApplyPromocode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPromocode,
    onSuccess: (promocode) => {
      queryClient.setQueryData(promocodeKeys.current(), promocode);
      void invalidateRoutes(queryClient, ['checkout', 'userPasses']);
    },
  });
}
