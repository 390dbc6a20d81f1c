/**
 * `npm run audit:read -w apps/server -- --subject <email|id|hashid> [--actor …] [--since …] [--format table|json]`:
 * support reads the full audit trail from the server's host, with the server's environment (its database).
 * The read is itself appended to the trail (`staff_audit_read`), and the client sees it. See README, Privacy.
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createHashids } from './lib/ids.ts';
import { runAuditRead } from './modules/privacy/audit-read-command.ts';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(path.resolve(config.DATA_DIR), 'pglite') },
);
try {
  await database.migrate();
  process.exitCode = await runAuditRead(
    process.argv.slice(2),
    { db: database.db, hashids: createHashids(config.SQIDS_ALPHABET) },
    { out: (text) => console.log(text), err: (text) => console.error(text), env: process.env },
  );
} finally {
  await database.close();
}
