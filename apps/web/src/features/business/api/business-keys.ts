import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the business account's area. */
export const businessKeys = {
  current: () => routeKey('currentBusinessAccount'),
};
