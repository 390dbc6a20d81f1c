// A server of its own for the video e2e tests and the call benchmark: a fresh data folder gets the demo world and
// one session that started a minute ago (optionally a couple session, with the slot's partner), written with the
// server's seed factories before the server starts (the embedded database can only be opened by one process).
// No Playwright test APIs here, so the benchmarks can use it too.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type TVideoSeed = {
  therapistEmail: string;
  clientEmail: string;
  clientUid: string;
  slotHashid: string;
  /** A couple session only: the slot's second client. */
  partnerEmail?: string;
  partnerUid?: string;
};

/** Runs in the fresh data folder before the server starts: the demo world plus a session starting now. */
const SEED_SCRIPT = `
const root = process.env.REPO_ROOT;
const couple = process.env.VIDEO_SEED_COUPLE === '1';
const { loadConfig } = await import(root + '/apps/server/src/config.ts');
const { openDatabase } = await import(root + '/apps/server/src/db/client.ts');
const { seedDemoIfEmpty } = await import(root + '/apps/server/src/seed/demo.ts');
const { createClient, createSlot, createTherapist, uniqueEmail } = await import(root + '/apps/server/src/seed/factories.ts');
const { createHashids } = await import(root + '/apps/server/src/lib/ids.ts');
const path = await import('node:path');
const config = loadConfig(process.env);
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(path.resolve(config.DATA_DIR), 'pglite') },
);
await database.migrate();
await seedDemoIfEmpty(database.db);
const db = database.db;
let therapist = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'therapist@example.com') });
const client = await createClient(db, { email: uniqueEmail('video-client'), firstName: 'Ирина', lastName: 'Котова', signedUp: true });
const partner = couple
  ? await createClient(db, { email: uniqueEmail('video-partner'), firstName: 'Павел', lastName: 'Котов', signedUp: true })
  : null;
// Started a minute ago: inside the join window, and a session that has begun can be rated.
const startsAt = new Date(Date.now() - 60_000);
const slotOf = (therapistId) =>
  createSlot(db, {
    therapistId,
    clientId: client.id,
    startsAt,
    ...(partner ? { partnerClientId: partner.id, therapyType: 'couple' } : {}),
  });
let slot;
try {
  slot = await slotOf(therapist.id);
} catch {
  // A demo session of therapist@example.com happens to be now: a therapist of our own then.
  therapist = await createTherapist(db, { email: uniqueEmail('video-therapist'), firstName: 'Анна', lastName: 'Смирнова' });
  slot = await slotOf(therapist.id);
}
const hashids = createHashids(config.SQIDS_ALPHABET);
console.log(JSON.stringify({
  therapistEmail: therapist.email,
  clientEmail: client.email,
  clientUid: hashids.encode('user', client.id),
  slotHashid: hashids.encode('slot', slot.id),
  ...(partner ? { partnerEmail: partner.email, partnerUid: hashids.encode('user', partner.id) } : {}),
}));
await database.close();
`;

export type TVideoServer = {
  baseURL: string;
  /** Every node's address (one unless `nodes` was given); `baseURL` is the first. */
  baseURLs: string[];
  seed: TVideoSeed;
  stop(): Promise<void>;
};

async function waitForHealth(baseURL: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer on ${baseURL} within ${timeoutMs} ms`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Seeds a fresh data folder and starts the server on it; `env` is added to the server's environment. With
 * `databaseUrl` the seed goes into that PostgreSQL database instead, and `nodes` server processes (each on a port
 * of its own) share it.
 */
export async function startVideoServer(
  options: { couple?: boolean; env?: Record<string, string>; databaseUrl?: string; nodes?: number } = {},
): Promise<TVideoServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'therapy-video-e2e-'));
  const servers: ChildProcess[] = [];
  const stopOne = async (server: ChildProcess) => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await exited;
    }
  };
  const stop = async () => {
    await Promise.all(servers.map(stopOne));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const script = path.join(dataDir, 'seed-video-session.mjs');
    writeFileSync(script, SEED_SCRIPT);
    const env = {
      ...process.env,
      REPO_ROOT: ROOT,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VIDEO_SEED_COUPLE: options.couple ? '1' : '0',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    };
    const output = execFileSync(process.execPath, [script], { cwd: ROOT, env, encoding: 'utf8' });
    const seed = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as TVideoSeed;

    const baseURLs: string[] = [];
    for (let node = 0; node < (options.nodes ?? 1); node += 1) {
      // A port the system says is free now: a random one in a range could be taken (MariaDB has 3306).
      const port = await freePort();
      const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
        cwd: ROOT,
        // PUBLIC_URL is where browsers reach this node: signal_url and the allowed Origin of its socket come from it.
        env: { ...env, PUBLIC_URL: `http://127.0.0.1:${port}`, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      servers.push(server);
      baseURLs.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(baseURLs.map((url, node) => waitForHealth(url, 60_000, servers[node] as ChildProcess)));
    return { baseURL: baseURLs[0] as string, baseURLs, seed, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
