import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { addException } from './add-exception.ts';
import { getCalendarFeedUrl, resetCalendarFeedUrl } from './calendar-feed-url.ts';
import { deleteException } from './delete-exception.ts';
import { getCalendarFeed } from './get-calendar-feed.ts';
import { getFreeSlots } from './get-free-slots.ts';
import { getSchedule } from './get-schedule.ts';
import { replaceSchedule } from './replace-schedule.ts';

export async function scheduleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.therapistSchedule, (request) => getSchedule(ctx, request.user));
  addRoute(app, routes.updateTherapistSchedule, (request) => replaceSchedule(ctx, request.user, request.body));
  addRoute(app, routes.addScheduleException, (request) => addException(ctx, request.user, request.body));
  addRoute(app, routes.deleteScheduleException, (request) => deleteException(ctx, request.user, request.params.id));
  addRoute(app, routes.therapistCalendarFeed, (request) => getCalendarFeedUrl(ctx, request.user));
  addRoute(app, routes.resetTherapistCalendarFeed, (request) => resetCalendarFeedUrl(ctx, request.user));
  addRoute(app, routes.calendarFeed, async (request, reply) => {
    const body = await getCalendarFeed(ctx, request.params.file, request.headers['accept-language']);
    // The secret is in the URL: keep it out of shared caches and referrers.
    return (
      reply
        .header('cache-control', 'private, max-age=300')
        .header('referrer-policy', 'no-referrer')
        // Its texts follow Accept-Language when the therapist saved no language.
        .header('vary', 'Accept-Language')
        .type('text/calendar; charset=utf-8')
        .send(body)
    );
  });
  addRoute(app, routes.freeSlots, (request) => getFreeSlots(ctx, request.user, request.params.id, request.query));
}
