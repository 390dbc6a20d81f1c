import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, inject, it } from 'vitest';

const workerScript = path.resolve(import.meta.dirname, '../test/job-worker-process.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'therapy-jobs-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real worker process (test/job-worker-process.ts) and a way to wait for a line it prints. */
function startWorker(env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, [workerScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = once(child, 'exit');
  return {
    exited,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    /** Resolves when the process printed `line`; rejects if it exits first. */
    async printed(line: string): Promise<void> {
      while (!output.split('\n').includes(line)) {
        if (child.exitCode !== null) throw new Error(`worker exited (${child.exitCode}) before "${line}":\n${output}`);
        await sleep(100);
      }
    },
  };
}

it('runs a job again after the process working it was killed mid-job, and never after it completed', async () => {
  const url = inject('testDatabaseUrl');
  const marks = path.join(dir, 'marks');
  const { DATABASE_URL: _server, ...rest } = process.env;
  const env = {
    ...rest,
    JOB_KIND: `test.crash-${randomBytes(3).toString('hex')}`,
    JOB_KEY: 'crash-1',
    MARKS: marks,
    // The same database for both processes: this run's PostgreSQL database, or a PGlite folder.
    ...(url ? { DATABASE_URL: url } : { DATA_DIR: path.join(dir, 'pglite') }),
  };

  const first = startWorker({ ...env, MODE: 'hang' });
  await first.printed('claimed');
  await first.kill();
  expect(readFileSync(marks, 'utf8')).toBe('start 0\n');

  // The restarted process finds the job its predecessor held, once its heartbeat has lapsed.
  const second = startWorker(env);
  await second.printed('completed');
  // It goes on working and supervising for a while: the completed job is not run again.
  await sleep(3000);
  await second.kill();
  expect(readFileSync(marks, 'utf8')).toBe('start 0\nstart 1\ndone 1\n');
}, 120_000);
