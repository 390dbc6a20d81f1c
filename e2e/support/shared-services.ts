// The machine's PostgreSQL and Redis for tests that run several app nodes: whether they answer, and a uniquely
// named database of one's own (dropped afterwards). No Playwright test APIs here.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

export const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Null when Redis answers PING, else why not. */
export function redisProblem(url = REDIS_URL, timeoutMs = 2_000): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(timeoutMs, () => done(`Redis at ${url} did not answer within ${timeoutMs} ms`));
    socket.once('error', (err) => done(`Redis at ${url}: ${err.message}`));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) =>
      done(data.toString().startsWith('+PONG') ? null : `Redis at ${url} answered ${data.toString().trim()}`),
    );
  });
}

/** Null when PostgreSQL takes a query, else why not. */
export async function postgresProblem(url = POSTGRES_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return `PostgreSQL at ${url}: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => {});
  }
}

async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export type TTestDatabase = { url: string; name: string; drop(): Promise<void> };

/** A new, empty, uniquely named database on the server of `serverUrl`. */
export async function createTestDatabase(serverUrl = POSTGRES_URL): Promise<TTestDatabase> {
  const name = `therapy_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await onServer(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
