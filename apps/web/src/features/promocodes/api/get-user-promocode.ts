import { useQuery } from '@tanstack/react-query';
import { routes, type TUserPromocode } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

export const userPromocodeQueryKey = ['promocode'] as const;

export function getUserPromocode(signal?: AbortSignal): Promise<TUserPromocode> {
  return callRoute(routes.userPromocode, { signal });
}

export function useUserPromocode() {
  return useQuery({ queryKey: userPromocodeQueryKey, queryFn: ({ signal }) => getUserPromocode(signal) });
}
