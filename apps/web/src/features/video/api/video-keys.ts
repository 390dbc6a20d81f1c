import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the video call and the forms after it. */
export const videoKeys = {
  clientVideoData: () => routeKey('clientVideobox'),
  therapistVideoData: (userId: string) => routeKey('therapistVideobox', { id: userId }),
  connectedTypes: (slotHashid: string) => routeKey('userConnectedTypes', { slot_hashid: slotHashid }),
};
