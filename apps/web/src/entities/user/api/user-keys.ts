import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the signed-in user's own record. */
export const userKeys = {
  me: () => routeKey('userMe'),
};
