import { inject } from 'vitest';
import { openDatabase, type TDatabase } from '../db/client.ts';

let shared: Promise<TDatabase> | undefined;

/** One migrated database per test worker, shared by its files; tests keep apart by unique e-mails. */
export function testDatabase(): Promise<TDatabase> {
  shared ??= (async () => {
    const url = inject('testDatabaseUrl');
    if (url) return openDatabase({ url });
    const database = await openDatabase({});
    await database.migrate();
    return database;
  })();
  return shared;
}
