import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { createGeoLookup } from './visitor-geo.ts';

/** The visitor's geo/IP information (spec §7): asked for by the page after it has loaded, never before. */
export async function visitorsRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  const geo = createGeoLookup({
    url: config.GEOIP_URL,
    token: config.GEOIP_TOKEN,
    timeoutMs: config.GEOIP_TIMEOUT_MS,
    cacheMs: config.GEOIP_CACHE_MINUTES * 60_000,
    log: app.log,
  });
  // A page asks once; the limit keeps one address from walking the service's quota through us.
  addRoute(app, routes.visitorGeo, (request) => geo.lookup(request.ip), {
    rateLimit: { max: 60, timeWindow: 60_000 },
  });
}
