import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type TDb } from './client.ts';

const folders: string[] = [];
const freshFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'therapy-pglite-'));
  folders.push(folder);
  return path.join(folder, 'pglite');
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const countOf = async (db: TDb, table: string) => {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n;
};

const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

it('starts a fresh data folder from the migrated copy the first one left, with every migration and no rows', async () => {
  const first = await openDatabase({ dataDir: freshFolder() });
  await first.migrate();
  await first.close();
  const cache = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/therapy-pglite');
  expect(existsSync(cache)).toBe(true);

  const secondFolder = freshFolder();
  const second = await openDatabase({ dataDir: secondFolder });
  expect(await countOf(second.db, 'drizzle.__drizzle_migrations')).toBe(journal.entries.length);
  await second.migrate();
  expect(await countOf(second.db, 'users')).toBe(0);
  await second.db.execute("insert into users (email, password_hash, role) values ('copy@example.com', 'x', 'client')");
  await second.close();

  // The folder keeps its own data: reopened, it is not reset from the copy.
  const reopened = await openDatabase({ dataDir: secondFolder });
  expect(await countOf(reopened.db, 'users')).toBe(1);
  await reopened.close();
}, 120_000);
