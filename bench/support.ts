// Shared pieces of the benchmarks: a scratch PostgreSQL database and an HTTP read measurer.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client.ts';

export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, migrated database of its own on the PostgreSQL server; `drop` removes it. */
export async function scratchPostgres(
  prefix = 'therapy_bench',
): Promise<{ database: TDatabase; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      // Let the pool's sockets finish closing, or the forced drop reaches them as an error.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** GETs one path `requests` times from `concurrency` loops, prints p50/p95/p99 and requests per second, returns them. */
export async function measureReads(
  base: string,
  label: string,
  path: string,
  cookie: string,
  options: { requests: number; concurrency: number; indent?: string },
): Promise<{ p50: number; p95: number; p99: number; perSecond: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        next++;
        const t0 = performance.now();
        const response = await fetch(`${base}${path}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const ms = (p: number) => percentile(times, p).toFixed(2);
  console.log(
    `${options.indent ?? ''}${label.padEnd(56)} p50 ${ms(0.5)} ms  p95 ${ms(0.95)} ms  p99 ${ms(0.99)} ms  ${(times.length / seconds).toFixed(0)} req/s`,
  );
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    perSecond: times.length / seconds,
  };
}
