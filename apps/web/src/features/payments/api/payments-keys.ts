import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the client's saved card. */
export const paymentsKeys = {
  card: () => routeKey('userCard'),
};
