import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of matching. */
export const matchingKeys = {
  suggestions: () => routeKey('suggestions'),
};
