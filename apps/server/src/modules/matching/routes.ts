import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { getTherapistCard } from './get-therapist-card.ts';
import { countSuggestions, listSuggestions, runTherapistAnalysis } from './run-analysis.ts';

export async function matchingRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.therapistAiAnalyses, (request) => runTherapistAnalysis(ctx, request.user), {
    rateLimit: { max: 30, timeWindow: 60_000 },
  });
  addRoute(app, routes.suggestions, (request) => listSuggestions(ctx, request.user));
  addRoute(app, routes.suggestionsCount, (request) => countSuggestions(ctx, request.user));
  addRoute(app, routes.therapistCard, (request) => getTherapistCard(ctx, request.user, request.params.id));
}
