import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { getConnectedTypes, saveConnectedTypes } from './connected-types.ts';
import { getClientVideoData, getTherapistVideoData } from './get-video-data.ts';
import { putTherapistMetrics } from './put-therapist-metrics.ts';
import { rateVideo } from './rate-video.ts';
import { saveVideoEvents } from './save-video-events.ts';
import { videoSignalPlugin } from './signal/signal-plugin.ts';
import { signalUrlOf } from './signal-url.ts';

export async function videoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(videoSignalPlugin);

  const signalUrl = signalUrlOf(ctx.config);
  addRoute(app, routes.clientVideobox, (request) => getClientVideoData(ctx, request.user, request.session, signalUrl));
  addRoute(app, routes.therapistVideobox, (request) =>
    getTherapistVideoData(ctx, request.user, request.session, request.params.id, signalUrl, originOf(request)),
  );
  addRoute(app, routes.clientVideoQuality, (request) => rateVideo(ctx, request.user, request.body));
  addRoute(app, routes.therapistVideoQuality, (request) => rateVideo(ctx, request.user, request.body));
  addRoute(app, routes.userConnectedTypes, (request) =>
    getConnectedTypes(ctx, request.user, request.query.slot_hashid, originOf(request)),
  );
  addRoute(app, routes.saveUserConnectedTypes, (request) => saveConnectedTypes(ctx, request.user, request.body));
  // Written by the call screen on its own while a call runs: bounded so a looping page cannot fill the tables.
  const telemetry = { rateLimit: { max: 600, timeWindow: 60_000 } };
  addRoute(
    app,
    routes.therapistSlotMetrics,
    (request) => putTherapistMetrics(ctx, request.user, request.body),
    telemetry,
  );
  addRoute(
    app,
    routes.therapistSlotAnalytics,
    (request) => saveVideoEvents(ctx, request.user, 'therapist_analytics', request.body),
    telemetry,
  );
  addRoute(
    app,
    routes.clientSlotLog,
    (request) => saveVideoEvents(ctx, request.user, 'client_log', request.body),
    telemetry,
  );
}
