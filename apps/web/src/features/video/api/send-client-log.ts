import { routes, type TCallLogRequest, type TVideoStoredResponse } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** The client's call log: the device check, events and the call quality summary. */
export function sendClientLog(body: TCallLogRequest): Promise<TVideoStoredResponse> {
  return callRoute(routes.clientSlotLog, { body });
}
