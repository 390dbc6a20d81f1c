import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the client (spec §3: currency and the saved card). */
export const paymentsKeys = {
  card: () => routeKey('userCard'),
};
