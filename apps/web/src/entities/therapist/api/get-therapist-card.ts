import { useQuery } from '@tanstack/react-query';
import { routes, type TTherapistCard } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistKeys } from './therapist-keys.ts';

export function getTherapistCard(id: string, signal?: AbortSignal): Promise<TTherapistCard> {
  return callRoute(routes.therapistCard, { params: { id }, signal });
}

export function useTherapistCard(id: string) {
  return useQuery({ queryKey: therapistKeys.card(id), queryFn: ({ signal }) => getTherapistCard(id, signal) });
}
