import type { z } from 'zod';
import { coreRoutes } from './routes/core.ts';

export { buildPath, type THttpMethod, type TRouteDef } from './route-def.ts';

/**
 * Every route of the API: the one table the server registers and the web calls.
 * Each feature keeps its part in routes/<feature>.ts.
 */
export const routes = {
  ...coreRoutes,
} as const;

export type TRoutes = typeof routes;
export type TRouteName = keyof TRoutes;
export type TResponseOf<N extends TRouteName> = z.infer<TRoutes[N]['response']>;
