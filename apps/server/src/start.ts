/**
 * `npm start`: the server (main.ts) with Node's compile cache on. A start loads some 2,000 modules, TypeScript
 * stripped of its types and JavaScript compiled each time; with the cache (under node_modules/.cache, keyed by each
 * file's content, so an edited file is compiled afresh) a restart reuses the work of the last one. It has to be on
 * before main.ts is loaded, hence this file of its own.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';
import path from 'node:path';

enableCompileCache(path.resolve(import.meta.dirname, '../../../node_modules/.cache/node-compile-cache'));
await import('./main.ts');
// main.ts has finished starting (the server listens): keep what was compiled now rather than at exit, which a
// killed process never reaches.
flushCompileCache();
