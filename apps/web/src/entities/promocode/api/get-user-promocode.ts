import { useQuery } from '@tanstack/react-query';
import { routes, type TUserPromocode } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { promocodeKeys } from './promocode-keys.ts';

export function getUserPromocode(signal?: AbortSignal): Promise<TUserPromocode> {
  return callRoute(routes.userPromocode, { signal });
}

export function useUserPromocode() {
  return useQuery({ queryKey: promocodeKeys.current(), queryFn: ({ signal }) => getUserPromocode(signal) });
}
