import { routes, type TPassPurchase } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';

/** One poll of a purchase's status (spec §4); polling itself lives in `use-purchase-polling.ts`. */
export function getPassPurchase(id: string, signal?: AbortSignal): Promise<TPassPurchase> {
  return callRoute(routes.passPurchase, { params: { id }, signal });
}
