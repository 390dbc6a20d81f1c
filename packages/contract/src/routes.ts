import type { z } from 'zod';
import { authSessionRoutes } from './routes/auth-sessions.ts';
import { bookingRoutes } from './routes/booking.ts';
import { businessRoutes } from './routes/business.ts';
import { clientRoutes } from './routes/client.ts';
import { commerceRoutes } from './routes/commerce.ts';
import { coreRoutes } from './routes/core.ts';
import { dataExportRoutes } from './routes/data-export.ts';
import { privacyRoutes } from './routes/privacy.ts';
import { therapistClientRoutes } from './routes/therapist-clients.ts';
import { therapistMetricsRoutes } from './routes/therapist-metrics.ts';
import { therapistProfileRoutes } from './routes/therapist-profile.ts';
import { videoRoutes } from './routes/video.ts';

export { buildPath, MEDIA_TYPE_OF_BODY, type TBodyType, type THttpMethod, type TRouteDef } from './route-def.ts';
export { THERAPIST_FILE_PATHS } from './routes/therapist-profile.ts';

/**
 * Every route of the API: the one table the server registers and the web calls.
 * Each feature keeps its part in routes/<feature>.ts.
 */
export const routes = {
  ...coreRoutes,
  ...clientRoutes,
  ...bookingRoutes,
  ...commerceRoutes,
  ...videoRoutes,
  ...therapistClientRoutes,
  ...therapistMetricsRoutes,
  ...therapistProfileRoutes,
  ...businessRoutes,
  ...privacyRoutes,
  ...dataExportRoutes,
  ...authSessionRoutes,
} as const;

export type TRoutes = typeof routes;
export type TRouteName = keyof TRoutes;
export type TResponseOf<N extends TRouteName> = z.infer<TRoutes[N]['response']>;
