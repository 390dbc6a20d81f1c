import { useQuery } from '@tanstack/react-query';
import { routes, type TOption } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { therapistKeys } from './therapist-keys.ts';

export function getTherapyMethods(signal?: AbortSignal): Promise<TOption[]> {
  return callRoute(routes.therapyMethods, { signal });
}

/** Every therapy method a client can ask for, named in the interface's language (the server's taxonomy). */
export function useTherapyMethods() {
  return useQuery({
    queryKey: therapistKeys.therapyMethods(),
    queryFn: ({ signal }) => getTherapyMethods(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
