import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { originOf } from '../../lib/audit.ts';
import { addRoute } from '../../lib/route.ts';
import { correctSessionOutcome } from './correct-outcome.ts';
import { getTherapistClient } from './get-client.ts';
import { listTherapistClients } from './list-clients.ts';
import { listUpcomingSessions } from './list-upcoming.ts';
import { therapistMetrics } from './metrics.ts';

export async function therapistClientRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.therapistUsers, (request) =>
    listTherapistClients(ctx, request.user, request.query.archived === 'true'),
  );
  addRoute(app, routes.therapistUsersV2, async (request) => ({
    data: await listTherapistClients(ctx, request.user, request.query.archived === 'true'),
  }));
  addRoute(app, routes.therapistUser, (request) =>
    getTherapistClient(ctx, request.user, request.params.id, originOf(request)),
  );
  addRoute(app, routes.therapistMetrics, (request) => therapistMetrics(ctx, request.user));
  addRoute(app, routes.therapistUpcomingSessions, (request) => listUpcomingSessions(ctx, request.user));
  addRoute(app, routes.therapistSessionOutcome, (request) =>
    correctSessionOutcome(ctx, request.user, request.params.id, request.body.outcome),
  );
}
