import { routes } from '@therapy/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getConnectedTypes, saveConnectedTypes } from './connected-types.ts';
import { getClientVideoData, getTherapistVideoData } from './get-video-data.ts';
import { putTherapistMetrics } from './put-therapist-metrics.ts';
import { rateVideo } from './rate-video.ts';
import { saveVideoEvents } from './save-video-events.ts';
import { SIGNAL_PATH, videoSignalPlugin } from './signal/signal-plugin.ts';

/** Where the browser opens the signaling socket: VIDEO_SIGNAL_URL, else the host the page came from. */
function signalUrlOf(app: FastifyInstance, request: FastifyRequest): string {
  const configured = app.ctx.config.VIDEO_SIGNAL_URL;
  if (configured) return configured;
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}${SIGNAL_PATH}`;
}

export async function videoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(videoSignalPlugin);

  addRoute(app, routes.clientVideobox, (request) => getClientVideoData(ctx, request.user, signalUrlOf(app, request)));
  addRoute(app, routes.therapistVideobox, (request) =>
    getTherapistVideoData(ctx, request.user, request.params.id, signalUrlOf(app, request)),
  );
  addRoute(app, routes.clientVideoQuality, (request) => rateVideo(ctx, request.user, request.body));
  addRoute(app, routes.therapistVideoQuality, (request) => rateVideo(ctx, request.user, request.body));
  addRoute(app, routes.userConnectedTypes, (request) =>
    getConnectedTypes(ctx, request.user, request.query.slot_hashid),
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
