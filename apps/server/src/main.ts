import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { users } from './db/schema/index.ts';

function configOrExit(): TConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One plain line per problem, for the operator reading the service's log.
    for (const problem of error.problems) process.stderr.write(`config: ${problem}\n`);
    process.stderr.write(`The server did not start: ${error.problems.length} configuration problem(s).\n`);
    process.exit(1);
  }
}

const config = configOrExit();
const dataDir = path.resolve(config.DATA_DIR);
if (!config.DATABASE_URL) mkdirSync(dataDir, { recursive: true });

// The database opens (on PGlite: PostgreSQL compiled from WebAssembly, off this thread, then booted) while the rest
// of the server, some thousand modules, loads: the two took turns before.
const opening = openDatabase(
  config.DATABASE_URL
    ? {
        url: config.DATABASE_URL,
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      }
    : { dataDir: path.join(dataDir, 'pglite') },
);
const loading = import('./serve.ts');
// Heard below, after the database; unheard meanwhile, a failed load would end the process without its message.
loading.catch(() => {});

const database = await opening;
await database.migrate();
// The demo seed (names, factories, a week of practice) is loaded only for a database without users.
if (config.SEED_DEMO && (await database.db.select({ id: users.id }).from(users).limit(1)).length === 0) {
  const { seedDemoIfEmpty } = await import('./seed/demo.ts');
  await seedDemoIfEmpty(database.db, { appEnv: config.APP_ENV });
}
const { serve } = await loading;
await serve(config, database);
