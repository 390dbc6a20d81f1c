import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the passes catalog, the client's passes and their purchases. */
export const passKeys = {
  passes: () => routeKey('userPasses'),
  status: () => routeKey('passStatus'),
  purchase: (id: string) => routeKey('passPurchase', { id }),
};
