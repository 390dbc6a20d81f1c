import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the onboarding checkout. */
export const checkoutKeys = {
  checkout: () => routeKey('checkout'),
};
