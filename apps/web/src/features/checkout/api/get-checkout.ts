import { useQuery } from '@tanstack/react-query';
import { routes, type TCheckout } from '@therapy/contract';
import { callRoute } from '../../../api/client.ts';
import { normalizeCurrency } from '../../../i18n/format.ts';

export const checkoutQueryKey = ['checkout'] as const;

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
  return useQuery({ queryKey: checkoutQueryKey, queryFn: ({ signal }) => getCheckout(signal) });
}
