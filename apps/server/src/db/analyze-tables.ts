import { sql } from 'drizzle-orm';
import { queryRows } from '../lib/query-rows.ts';
import type { TDb } from './client.ts';

/** The tables of our own schema (pg-boss keeps its own). */
async function publicTables(db: TDb): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.tablename);
}

/**
 * Gives the planner fresh statistics of our tables. Until a table is analyzed the planner guesses its size and
 * spread, and the hot reads' named statements keep the generic plans made on those guesses (the dashboard's next
 * session was found by a scan of the exclusion index over every booked slot). PostgreSQL servers have autovacuum
 * for this; embedded PGlite has none, so the server runs this itself (serve.ts). Statistics change what a cached
 * plan is built on, so PostgreSQL re-plans the prepared statements by itself.
 *
 * `oneAtATime`: a table per statement with a turn of the event loop between, so requests on PGlite's one
 * connection wait behind at most one table's sample, never the whole schema.
 */
export async function analyzeTables(db: TDb, { oneAtATime = false } = {}): Promise<number> {
  const tables = await publicTables(db);
  if (tables.length === 0) return 0;
  if (!oneAtATime) {
    await db.execute(sql.raw(`analyze ${tables.map((table) => `public."${table}"`).join(', ')}`));
    return tables.length;
  }
  for (const table of tables) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await db.execute(sql.raw(`analyze public."${table}"`));
  }
  return tables.length;
}
