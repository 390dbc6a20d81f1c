import type { TDb } from '../db/client.ts';

const byDb = new WeakMap<TDb, Map<string, unknown>>();

/**
 * A hot query built once per database and prepared under `name` (on PostgreSQL a named statement each
 * connection parses once; on PGlite the built SQL is kept), instead of Drizzle building it anew
 * on every request. `build` gets the database and must use `sql.placeholder` for every value.
 */
export function prepared<T>(db: TDb, name: string, build: (db: TDb) => T): T {
  let statements = byDb.get(db);
  if (!statements) {
    statements = new Map();
    byDb.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
