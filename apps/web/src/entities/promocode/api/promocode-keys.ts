import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the client's promo code. */
export const promocodeKeys = {
  current: () => routeKey('userPromocode'),
};
