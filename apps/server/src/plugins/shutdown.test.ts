import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIGNAL_CLOSE_CODES } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSignal, signalUrlOf } from '../modules/video/testing.ts';
import { buildTestApp, type TTestApp } from '../test/app.ts';
import { createShutdown } from './shutdown.ts';

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.app.close());

type TAnswer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** A request whose body is sent in two halves: the first now, the second when the test says. */
function slowRequest(url: string, body: string) {
  const half = Math.floor(body.length / 2);
  let sendRest!: () => void;
  const answer = new Promise<TAnswer>((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
    });
    request.on('error', reject);
    request.write(body.slice(0, half));
    sendRest = () => request.end(body.slice(half));
  });
  return { answer, sendRest: () => sendRest() };
}

describe('graceful shutdown', () => {
  it('stops taking requests, finishes those in flight, tells sockets to reconnect, then stops jobs and the database', async () => {
    const steps: string[] = [];
    const socket = await connectSignal(signalUrlOf(base));
    const inFlight = slowRequest(
      `${base}/api/v1/auth/sign_in`,
      JSON.stringify({ email: 'nobody@example.test', password: 'x'.repeat(12) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const shutdown = createShutdown({
      app: t.app,
      stopJobs: async () => {
        steps.push('jobs stopped');
      },
      closeDatabase: async () => {
        steps.push('database closed');
      },
      log: t.app.log,
      exit: (code) => steps.push(`exit ${code}`),
    });
    const done = shutdown('SIGTERM');
    // A second signal changes nothing.
    void shutdown('SIGTERM');

    // Sockets hear "service restart" and reconnect elsewhere.
    expect(await socket.closed).toEqual({ code: SIGNAL_CLOSE_CODES.service_restart, reason: 'service_restart' });
    // No new connections.
    const refused = await fetch(`${base}/healthz`).then(
      () => 'answered',
      (error: { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');
    expect(steps).toEqual([]);

    // The request in flight still gets its whole answer.
    inFlight.sendRest();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'invalid_credentials' } });

    await done;
    expect(steps).toEqual(['jobs stopped', 'database closed', 'exit 0']);
  });
});

describe('the server process', () => {
  it('exits 0 on SIGTERM after shutting down in order', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'therapy-shutdown-'));
    const { DATABASE_URL: _url, ...withoutDatabaseUrl } = process.env;
    // Through start.ts, as `npm start` runs it (its compile cache and module resolve hook included).
    const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../start.ts')], {
      // Its own embedded database, whatever the suite runs on.
      env: {
        ...withoutDatabaseUrl,
        APP_ENV: 'development',
        SEED_DEMO: 'false',
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    try {
      while (!output.includes('Server listening')) {
        if (server.exitCode !== null) throw new Error(output);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
      const messages = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages.slice(-2)).toEqual(['shutting down: finishing requests in flight', 'shut down']);
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
