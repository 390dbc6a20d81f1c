import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { TAppContext } from '../context.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { DEMO_PASSWORD } from '../seed/factories.ts';
import { testDatabase } from './database.ts';

export type TTestApp = { app: FastifyInstance; ctx: TAppContext };

/** The real app on the worker's test database; environment overrides go through the same config parser. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TTestApp> {
  const database = await testDatabase();
  const config = loadConfig({
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    SIGN_IN_RATE_LIMIT: '10000',
    SIGN_UP_RATE_LIMIT: '10000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    FILES_DIR: path.join(os.tmpdir(), `therapy-test-files-${process.pid}`),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, ...options });
  return { app, ctx: app.ctx };
}

/** Two nodes of one deployment: the worker's database and one Redis, each node with its own caches. */
export async function startTwoNodes(): Promise<{ a: TTestApp; b: TTestApp; env: Record<string, string> }> {
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    RATE_LIMIT_REDIS_PREFIX: `test:rl:${randomUUID()}:`,
    SESSION_CACHE_REDIS_PREFIX: `test:sess:${randomUUID()}:`,
  };
  return { a: await buildTestApp(env), b: await buildTestApp(env), env };
}

export type TSignedIn = { cookie: string; csrf: string; headers: { cookie: string; 'x-csrf-token': string } };

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<TSignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/sign_in', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  const csrf = response.json<{ csrf_token: string }>().csrf_token;
  return { cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}

/** An error answer without its request id (unique per request), to compare two answers for sameness. */
export function errorAnswerOf(response: LightMyRequestResponse): unknown {
  const body = response.json<{ error?: { request_id?: string } }>();
  if (!body.error) return body;
  const { request_id: _id, ...error } = body.error;
  return { ...body, error };
}
