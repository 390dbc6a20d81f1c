import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the client's sessions and a therapist's free times. */
export const slotKeys = {
  clientSlots: () => routeKey('clientSlots'),
  clientSlot: (id: string) => routeKey('clientSlot', { id }),
  cancelPolicy: (id: string) => routeKey('slotCancelPolicy', { id }),
  /** Without a range: every week of the therapist. */
  freeSlots: (therapistId: string, range?: { from: string; to: string }) =>
    routeKey('freeSlots', { id: therapistId, ...range }),
};
