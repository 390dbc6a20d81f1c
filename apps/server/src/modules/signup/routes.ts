import { routes } from '@therapy/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { therapyMethods } from '../../lib/taxonomies.ts';
import { questionsFor } from './questions.ts';
import { getSignupProfile, updateSignupProfile } from './signup-profile.ts';
import { getSignupQuestions, updateSignupQuestions } from './signup-questions.ts';

export async function signupRoutes(app: FastifyInstance) {
  const { ctx } = app;
  addRoute(app, routes.signupProfile, (request) => getSignupProfile(ctx, request.user));
  addRoute(app, routes.updateSignupProfile, (request) => updateSignupProfile(ctx, request.user, request.body));
  addRoute(app, routes.signupQuestions, (request) => getSignupQuestions(ctx, request.user));
  addRoute(app, routes.updateSignupQuestions, (request) => updateSignupQuestions(ctx, request.user, request.body));
  addRoute(app, routes.questions, async (request) => questionsFor(request.query.therapy_type));
  addRoute(app, routes.therapyMethods, async () => therapyMethods);
}
