import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeTables } from './analyze-tables.ts';
import type { TDb } from './client.ts';

let client: PGlite;
let db: TDb;
beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle(client) as unknown as TDb;
  await client.exec(`
    create table slots_like (id int primary key, kind text not null);
    create table users_like (id int primary key, email text not null);
    create schema queue;
    create table queue.jobs_like (id int primary key);
    insert into slots_like select n, case when n % 10 = 0 then 'rare' else 'common' end from generate_series(1, 2000) n;
    insert into users_like select n, 'u' || n || '@example.com' from generate_series(1, 300) n;
    insert into queue.jobs_like select n from generate_series(1, 50) n;
  `);
});
afterAll(() => client.close());

/** What the planner knows of a table: its row estimate (-1 until analyzed) and whether column statistics exist. */
async function plannerKnows(schema: string, table: string) {
  const { rows } = await client.query<{ reltuples: number; stats: number }>(
    `select c.reltuples::float8 as reltuples,
            (select count(*)::int from pg_stats s where s.schemaname = $1 and s.tablename = $2) as stats
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relname = $2`,
    [schema, table],
  );
  return rows[0];
}

describe('analyzeTables (the planner statistics PGlite has no autovacuum for)', () => {
  it('gives every table of our schema its row count and column statistics, a table at a time', async () => {
    expect(await plannerKnows('public', 'slots_like')).toEqual({ reltuples: -1, stats: 0 });
    expect(await analyzeTables(db, { oneAtATime: true })).toBe(2);
    expect(await plannerKnows('public', 'slots_like')).toEqual({ reltuples: 2000, stats: 2 });
    expect(await plannerKnows('public', 'users_like')).toEqual({ reltuples: 300, stats: 2 });
    // pg-boss's schema is its own business.
    expect(await plannerKnows('queue', 'jobs_like')).toEqual({ reltuples: -1, stats: 0 });
  });

  it('follows a table as it grows (the hourly refresh), in one statement too', async () => {
    await client.exec(`insert into users_like select n, 'u' || n || '@example.com' from generate_series(301, 900) n`);
    expect(await analyzeTables(db)).toBe(2);
    expect((await plannerKnows('public', 'users_like'))?.reltuples).toBe(900);
  });

  it('lets a read in between the tables instead of holding PGlite for the whole schema', async () => {
    const events: string[] = [];
    const dialect = new PgDialect();
    let read: Promise<unknown> | undefined;
    // A request that arrives while the first table is being sampled.
    const watched = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: SQL) => {
          if (dialect.sqlToQuery(query).sql.startsWith('analyze')) {
            events.push('analyze');
            read ??= client.query('select 1').then(() => events.push('read'));
          }
          return target.execute(query);
        };
      },
    });
    await analyzeTables(watched, { oneAtATime: true });
    await read;
    expect(events).toEqual(['analyze', 'read', 'analyze']);
  });
});
