import { routes, type TSlotAnalyticsRequest, type TVideoStoredResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** The therapist's events of a session and the device check. */
export function sendTherapistAnalytics(body: TSlotAnalyticsRequest): Promise<TVideoStoredResponse> {
  return callRoute(routes.therapistSlotAnalytics, { body });
}
