/**
 * Query keys derived from the contract's route names: `['clientSlot', { id: 'slot-1' }]`. The route name comes first,
 * so one name invalidates every answer of that route (`routeKey('clientSlot')` matches each slot), and a feature can
 * refresh another feature's data by naming the route, without importing that feature.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TRouteName } from '@therapy/contract';

/** What picks one answer of a route: its path parameters and query, as sent. */
export type TRouteKeyVars = Readonly<Record<string, string | number | boolean | null>>;

export type TRouteKey<N extends TRouteName = TRouteName> = readonly [N] | readonly [N, TRouteKeyVars];

/** The key of a route's answers: all of them without `vars`, one of them with. */
export function routeKey<N extends TRouteName>(name: N, vars?: TRouteKeyVars): TRouteKey<N> {
  return vars === undefined ? [name] : [name, vars];
}

/** Marks every answer of these routes stale; the ones on screen are asked for again. */
export async function invalidateRoutes(queryClient: QueryClient, names: readonly TRouteName[]): Promise<void> {
  await Promise.all(names.map((name) => queryClient.invalidateQueries({ queryKey: routeKey(name) })));
}
