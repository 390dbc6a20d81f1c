import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pglitePrepared } from './pglite-prepared.ts';
import * as schema from './schema/index.ts';

export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type TDatabase = {
  db: TDb;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same name on this database: nodes
   * starting together would otherwise race to create the same tables and schemas.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * A hot read as one prepared statement: on PostgreSQL a named statement (parsed once per connection),
   * on PGlite a named statement of its own too (db/pglite-prepared.ts). `text` is fixed per `name`; values go only as parameters.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  /** The PostgreSQL pool's connections now (for /metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

/** A stable advisory-lock key for a name (PostgreSQL's hashtext), so every node picks the same one. */
const LOCK_KEY_SQL = "select pg_advisory_lock(hashtext('therapy:' || $1::text))";
const UNLOCK_KEY_SQL = "select pg_advisory_unlock(hashtext('therapy:' || $1::text))";

async function underAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  // A session-level lock needs one connection held for the whole run.
  const holder = await pool.connect();
  try {
    await holder.query(LOCK_KEY_SQL, [name]);
    try {
      return await work();
    } finally {
      await holder.query(UNLOCK_KEY_SQL, [name]);
    }
  } finally {
    holder.release();
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export type TOpenOptions = {
  url?: string;
  dataDir?: string;
  /** Waiting for a connection (a new one, or a free one of the pool) gives up after this long. */
  connectTimeoutMs?: number;
  /** A query with no answer (a server gone silent) fails after this long, and the server stops it too. */
  queryTimeoutMs?: number;
};

/** The installed PGlite's folder (its package.json is not among its exports): its version keys the template. */
function pgliteVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
/** Where the migrated empty database is kept for the next fresh data folder (see `openPglite`). */
const TEMPLATE_DIR = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/therapy-pglite');

/** The template's file: one per PGlite version and set of migrations, so a changed migration never reuses an old one. */
function templateFile(): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return path.join(TEMPLATE_DIR, `${hash.digest('hex').slice(0, 16)}.tar`);
}

/** A tar member's field: text up to its first NUL. */
const field = (block: Uint8Array, from: number, length: number) => {
  const bytes = block.subarray(from, from + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
};

/**
 * The template (a plain ustar archive, as PGlite's dumpDataDir writes it) unpacked into `dataDir`, which must not
 * hold files yet: into a folder beside it, renamed into place once whole, so a start cut short never leaves half a
 * database that the next start would take for a whole one. The files are written by Node's own threads, so this goes
 * on while the server's modules load (PGlite's own loadDataDir writes them one at a time on this thread, the most of a
 * fresh start). False, and nothing left behind, for an archive with members other than files and folders.
 */
async function unpackTemplate(template: string, dataDir: string): Promise<boolean> {
  const archive = new Uint8Array(await readFile(template));
  const partial = `${dataDir}.${process.pid}.partial`;
  const folders: string[] = [];
  const files: { file: string; data: Uint8Array }[] = [];
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    const name = field(header, 0, 100);
    if (!name) break; // the two empty blocks that end the archive
    const prefix = field(header, 345, 155);
    const relative = path.normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^\/+/, '');
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    at += 512;
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    if (type === '5') folders.push(path.join(partial, relative));
    else if (type === '0' || type === '\0')
      files.push({ file: path.join(partial, relative), data: archive.subarray(at, at + size) });
    else return false;
    at += Math.ceil(size / 512) * 512;
  }
  if (!files.some(({ file }) => path.basename(file) === 'PG_VERSION')) return false;
  // A folder with files but no database in it is left to PGlite, as before.
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  try {
    await mkdir(partial, { recursive: true });
    for (const folder of folders) await mkdir(folder, { recursive: true });
    await Promise.all(files.map(({ file, data }) => writeFile(file, data)));
    // Takes the place of an empty folder of that name too.
    await rename(partial, dataDir);
    return true;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Embedded PGlite. Creating a database in a new folder (initdb, inside WebAssembly) takes most of a fresh start, so
 * the first fresh folder, once migrated, leaves a copy of itself under node_modules/.cache, and every later fresh
 * folder starts from that copy: created and migrated in one step. Nothing else is in the copy (the demo data depends
 * on the day it is made); an existing folder opens as it is.
 */
async function openPglite(dataDir: string | undefined) {
  const extensions = { btree_gist };
  const fresh = dataDir !== undefined && !existsSync(path.join(dataDir, 'PG_VERSION'));
  const template = fresh ? templateFile() : null;
  const archive = template !== null && existsSync(template) ? template : null;
  // Unpacked here when it can be (PGlite then opens an existing folder); otherwise PGlite loads the archive itself.
  const unpacked = archive !== null && dataDir !== undefined && (await unpackTemplate(archive, dataDir));
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(archive !== null && !unpacked ? { loadDataDir: new Blob([await readFile(archive)]) } : {}),
    extensions,
  });
  /** After the first migration of a fresh folder: keeps its copy (written aside and renamed, so never half a file). */
  const keepTemplate = async () => {
    if (!template || archive) return;
    const dump = await client.dumpDataDir('none');
    await mkdir(TEMPLATE_DIR, { recursive: true });
    const partial = `${template}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, template);
  };
  return { client, keepTemplate };
}

/** A PostgreSQL server when a URL is given, otherwise embedded PGlite (on disk, or in memory without a folder). */
export async function openDatabase(options: TOpenOptions): Promise<TDatabase> {
  if (options.url) {
    const queryTimeoutMs = options.queryTimeoutMs ?? 10_000;
    // During an outage a request fails fast (503) instead of queueing for a connection that will not come.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 1_500,
      query_timeout: queryTimeoutMs + 1_000,
      statement_timeout: queryTimeoutMs,
      keepAlive: true,
    });
    // An idle connection the server dropped (restart, failover, a dropped database) is discarded by
    // the pool and the next query connects anew; unheard, its 'error' event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    // Migrations, and the advisory locks that make a node wait while another migrates, take as long
    // as they take: their own small pool, without the request timeouts. Connects only when used.
    const patient = new pg.Pool({ connectionString: options.url, max: 2 });
    patient.on('error', () => {});
    const patientDb = drizzlePg({ client: patient, schema });
    return {
      db: db as unknown as TDb,
      driver: 'postgres',
      migrate: () => underAdvisoryLock(patient, 'migrate', () => migratePg(patientDb, { migrationsFolder })),
      exclusively: (name, work) => underAdvisoryLock(patient, name, work),
      prepared: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([pool.end(), patient.end()]);
      },
    };
  }
  // btree_gist backs the constraint that keeps a therapist's sessions from overlapping.
  const { client, keepTemplate } = await openPglite(options.dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as TDb,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      // A copy that cannot be kept (a read-only node_modules) only means the next fresh folder starts from scratch.
      await keepTemplate().catch(() => {});
    },
    // One process owns an embedded database.
    exclusively: (_name, work) => work(),
    prepared: pglitePrepared(client),
    close: () => client.close(),
  };
}
