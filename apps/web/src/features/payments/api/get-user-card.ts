import { useQuery } from '@tanstack/react-query';
import { routes, type TClient } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { paymentsKeys } from './payments-keys.ts';

export function getUserCard(signal?: AbortSignal): Promise<TClient> {
  return callRoute(routes.userCard, { signal });
}

export function useUserCard() {
  return useQuery({ queryKey: paymentsKeys.card(), queryFn: ({ signal }) => getUserCard(signal) });
}
