import { useQuery } from '@tanstack/react-query';
import { routes, type TCheckout } from '@therapy/contract';
import { normalizeCurrency } from '@therapy/contract/rules';
import { callRoute } from '../../../api/client.ts';
import { checkoutKeys } from './checkout-keys.ts';

/** The onboarding checkout for the held time; the currency is lower-cased on load (spec §3). */
export async function getCheckout(signal?: AbortSignal): Promise<TCheckout> {
  const checkout = await callRoute(routes.checkout, { signal });
  return {
    ...checkout,
    currency: normalizeCurrency(checkout.currency),
    payment_methods: checkout.payment_methods.map((method) => ({
      ...method,
      currency: normalizeCurrency(method.currency),
    })),
  };
}

export function useCheckout() {
  return useQuery({ queryKey: checkoutKeys.checkout(), queryFn: ({ signal }) => getCheckout(signal) });
}
