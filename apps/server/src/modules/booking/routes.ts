import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { bookSlot } from './book-slot.ts';
import { cancelPolicyOf } from './cancel-policy.ts';
import { cancelSlot } from './cancel-slot.ts';
import { holdSlot } from './hold-slot.ts';
import { listClientSlots } from './list-client-slots.ts';
import { loadClientSlot } from './load-client-slot.ts';
import { presentClientSlot } from './present-slot.ts';
import { rescheduleSlot } from './reschedule-slot.ts';
import { unscheduleClient } from './unschedule-client.ts';

export async function bookingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.clientSlots, (request) => listClientSlots(ctx, request.user), { cachePerUser: true });
  addRoute(app, routes.holdSlot, (request) => holdSlot(ctx, request.user, request.body));
  addRoute(app, routes.clientSlot, async (request) => {
    const { user } = request;
    return presentClientSlot(ctx, await loadClientSlot(ctx, user.id, request.params.id), user.tz);
  });
  addRoute(app, routes.bookSlot, (request) => bookSlot(ctx, request.user, request.params.id, request.body));
  addRoute(app, routes.slotCancelPolicy, async (request) => {
    const { user } = request;
    const { slot } = await loadClientSlot(ctx, user.id, request.params.id);
    return cancelPolicyOf(slot, user.tz);
  });
  addRoute(app, routes.cancelSlot, (request) => cancelSlot(ctx, request.user, request.params.id, request.body));
  addRoute(app, routes.rescheduleSlot, (request) => rescheduleSlot(ctx, request.user, request.params.id, request.body));
  addRoute(app, routes.unschedClient, (request) => unscheduleClient(ctx, request.user, request.body.user_hashid));
}
