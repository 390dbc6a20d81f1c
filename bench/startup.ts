// Start-up, printed, nothing asserted: `node apps/server/src/start.ts` (what `npm start` runs) on a fresh data folder (migrations and the
// demo seed) until /healthz answers 200, then a restart on the same folder; BENCH_STARTUP_RUNS times each (default 3).
// BENCH_STARTUP_ROOT runs another checkout's server (a before/after comparison on one machine, in one run).
// The web build is not part of it: `npm start` skips it when apps/web/dist is newer than its sources
// (apps/web/scripts/build-if-stale.ts), and that check is timed on its own.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_ROOT = path.resolve(process.env.BENCH_STARTUP_ROOT ?? ROOT);
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
/** `npm start`'s entry; a checkout from before it existed (BENCH_STARTUP_ROOT) runs main.ts. */
const START = 'apps/server/src/start.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The CPU time a process has used (Linux /proc, user + system), in ms: on a machine shared with other work the wall
 * time varies with the load, the CPU time much less.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

async function startUntilHealthy(dataDir: string): Promise<{ ms: number; cpu: number; child: ChildProcess }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [existsSync(path.join(SERVER_ROOT, START)) ? START : 'apps/server/src/main.ts'],
    {
      cwd: SERVER_ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms: performance.now() - started, cpu: cpuMs(child.pid), child };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const fresh: number[] = [];
const restart: number[] = [];
const freshCpu: number[] = [];
const restartCpu: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'therapy-startup-'));
  try {
    const first = await startUntilHealthy(dataDir);
    fresh.push(first.ms);
    freshCpu.push(first.cpu);
    await stop(first.child);
    const second = await startUntilHealthy(dataDir);
    restart.push(second.ms);
    restartCpu.push(second.cpu);
    await stop(second.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const list = (values: number[]) => values.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ');
console.log(`load average at the end: ${os.loadavg()[0]?.toFixed(1)} (${os.cpus().length} CPUs)`);
console.log(`fresh data folder → healthy: ${list(fresh)}   (CPU of the server: ${list(freshCpu)})`);
console.log(`restart on it     → healthy: ${list(restart)}   (CPU of the server: ${list(restartCpu)})`);

const check = path.join(ROOT, 'apps/web/scripts/build-if-stale.ts');
const t0 = performance.now();
const result = spawnSync(process.execPath, [check], { cwd: ROOT, stdio: 'ignore' });
if (result.status === 0)
  console.log(`web build check (built, nothing changed): ${(performance.now() - t0).toFixed(0)} ms`);
