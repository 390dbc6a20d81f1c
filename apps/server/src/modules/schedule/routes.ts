import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { addException } from './add-exception.ts';
import { deleteException } from './delete-exception.ts';
import { getFreeSlots } from './get-free-slots.ts';
import { getSchedule } from './get-schedule.ts';
import { replaceSchedule } from './replace-schedule.ts';

export async function scheduleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.therapistSchedule, (request) => getSchedule(ctx, request.user));
  addRoute(app, routes.updateTherapistSchedule, (request) => replaceSchedule(ctx, request.user, request.body));
  addRoute(app, routes.addScheduleException, (request) => addException(ctx, request.user, request.body));
  addRoute(app, routes.deleteScheduleException, (request) => deleteException(ctx, request.user, request.params.id));
  addRoute(app, routes.freeSlots, (request) => getFreeSlots(ctx, request.user, request.params.id, request.query));
}
