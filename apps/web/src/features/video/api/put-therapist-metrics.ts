import { routes, type TCallMetricsRequest, type TVideoStoredResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** The therapist's call quality summary of a session (a later one replaces it). */
export function putTherapistMetrics(body: TCallMetricsRequest): Promise<TVideoStoredResponse> {
  return callRoute(routes.therapistSlotMetrics, { body });
}
