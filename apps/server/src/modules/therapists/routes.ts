import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getCurrentTherapist } from './get-current-therapist.ts';

export async function therapistsRoutes(app: FastifyInstance) {
  addRoute(app, routes.therapistCurrent, (request) => getCurrentTherapist(app.ctx, request.user), {
    cachePerUser: true,
  });
}
