import { useMutation } from '@tanstack/react-query';
import { routes, type TRole, type TVideoQualityRequest, type TVideoQualityResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** Spec §6: therapists rate through the therapist endpoint, everyone else through the user one. */
export function rateSession(
  role: TRole | null | undefined,
  body: TVideoQualityRequest,
): Promise<TVideoQualityResponse> {
  const route = role === 'therapist' ? routes.therapistVideoQuality : routes.clientVideoQuality;
  return callRoute(route, { body });
}

export function useRateSession(role: TRole | null | undefined) {
  return useMutation({ mutationFn: (body: TVideoQualityRequest) => rateSession(role, body) });
}
