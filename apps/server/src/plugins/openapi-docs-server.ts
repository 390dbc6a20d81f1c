import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ZApiErrorSchema } from '@therapy/contract';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../config.ts';
import { publicBaseUrl } from '../lib/public-base-url.ts';
import type { TDocOptions } from '../lib/route-docs.ts';
import { contractRouteAt, errorResponsesOf, securityOf, TAGS, tagsOf } from '../lib/route-docs.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';

/** Schemas the document names once and refers to. */
const components = z.registry<{ id: string }>();
components.add(ZApiErrorSchema, { id: 'ApiError' });

const toJsonSchema = createJsonSchemaTransform({ schemaRegistry: components });
const withComponents = createJsonSchemaTransformObject({ schemaRegistry: components });

/** The document with only the component schemas it refers to (the zod provider adds an input twin of each). */
const withoutUnusedSchemas: typeof withComponents = (document) => {
  const object = withComponents(document);
  if (!('components' in object) || !object.components?.schemas) return object;
  const { schemas } = object.components;
  const used = JSON.stringify(object.paths);
  const kept = Object.entries(schemas).filter(([name]) => used.includes(`"#/components/schemas/${name}"`));
  return { ...object, components: { ...object.components, schemas: Object.fromEntries(kept) } } as typeof object;
};

const DESCRIPTION = `The JSON API of the platform, the one the web app calls.

Sign in with \`POST /api/v1/auth/sign_in\` (clients may sign up with \`POST /api/v1/auth/sign_up\`): the answer sets the
session cookie and carries \`csrf_token\`. Send that token as the \`X-CSRF-Token\` header with every call that changes
something. Ids are opaque strings.

Every error answers \`{"error": {"code", "message", "fields"}}\`: \`code\` is for programs, \`message\` is Russian text
to show a person, and \`fields\` (on 422) names each field that is wrong with its own message.`;

/**
 * The server behind `/api/docs` (plugins/openapi.ts loads this file on the first request there): a Fastify instance
 * of its own with @fastify/swagger and @fastify/swagger-ui, to which the app's routes, as the app registered them, are
 * registered again with handlers that are never called. Every contract route gets its summary, its operationId (the
 * contract's route name), who may call it and the errors it may answer with, all derived from its definition
 * (lib/route-docs.ts). Routes that are not part of the client API (provider webhooks, the sandbox's pages, the dev
 * mailbox) hide themselves.
 */
export async function buildDocsServer(config: TConfig, routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, exposeHeadRoutes: false });
  // The replayed routes are never called: their schemas are read by the document, not compiled.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Терапия онлайн API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: publicBaseUrl(config), description: 'This server' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session cookie that sign-in and sign-up set (HttpOnly). A session ends after a time without ' +
              'use and after an absolute lifetime; an ended one answers 401.',
          },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description:
              'The `csrf_token` of the sign-in or sign-up answer (pages carry it as `window.App.csrf_token`), ' +
              'sent with every call of a signed-in user that changes something.',
          },
        },
      },
    },
    transform: (document) => {
      const { route } = document;
      const found = typeof route.method === 'string' ? contractRouteAt(route.method, route.url) : undefined;
      if (!found || document.schema?.hide) return toJsonSchema(document);
      const { name, def } = found;
      const options: TDocOptions = route.config ?? {};
      const ok = (document.schema.response ?? {}) as Record<string, unknown>;
      return toJsonSchema({
        ...document,
        schema: {
          ...document.schema,
          operationId: name,
          summary: def.summary,
          tags: tagsOf(def),
          security: securityOf(def, options),
          response: { ...ok, ...errorResponsesOf(def, options) },
        },
      });
    },
    transformObject: withoutUnusedSchemas,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const neverCalled = () => {
    throw new Error('a route of the API reference was called');
  };
  for (const route of routes)
    app.route({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
      handler: neverCalled,
    });
  await app.ready();
  return app;
}
