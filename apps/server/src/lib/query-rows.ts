import type { TDb } from '../db/client.ts';

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(db: TDb, query: Parameters<TDb['execute']>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
