/**
 * `npm start`: the server (main.ts) with Node's compile cache on. A start loads some 2,000 modules, TypeScript
 * stripped of its types and JavaScript compiled each time; with the cache (under node_modules/.cache, keyed by each
 * file's content, so an edited file is compiled afresh) a restart reuses the work of the last one. It has to be on
 * before main.ts is loaded, hence this file of its own.
 */
import { existsSync } from 'node:fs';
import { enableCompileCache, flushCompileCache, registerHooks } from 'node:module';
import path from 'node:path';

enableCompileCache(path.resolve(import.meta.dirname, '../../../node_modules/.cache/node-compile-cache'));

/**
 * drizzle-orm's package.json has a 175 KB `exports` map, and Node 24 parses it again each time it resolves a module
 * of that package (to learn that a `.js` file of a `"type": "module"` package is ESM, some 110 times a start) and each
 * time it resolves a `drizzle-orm/…` import of ours: about a quarter of a restart's main-thread CPU. So a relative `.js`
 * import inside drizzle-orm (a single package.json, `"type": "module"`) goes straight to its file as ESM, and a
 * `drizzle-orm…` import from outside node_modules is resolved once per specifier (it resolves to the same file from
 * anywhere in the repository).
 */
const DRIZZLE = new URL('../../../node_modules/drizzle-orm/', import.meta.url).href;
const drizzleImports = new Map<string, { url: string; format?: string | null }>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL ?? '';
    if (parent.startsWith(DRIZZLE) && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
      const url = new URL(specifier, parent);
      // A file that is not there (a later drizzle-orm laid out otherwise) goes the usual way and fails as usual.
      if (existsSync(url)) return { url: url.href, format: 'module', shortCircuit: true };
    }
    if (!/^drizzle-orm(\/|$)/.test(specifier) || !parent.startsWith('file:') || parent.includes('/node_modules/')) {
      return nextResolve(specifier, context);
    }
    const key = `${context.conditions?.join()} ${specifier}`;
    const known = drizzleImports.get(key);
    if (known) return { ...known, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    drizzleImports.set(key, { url: resolved.url, format: resolved.format });
    return resolved;
  },
});
await import('./main.ts');
// main.ts has finished starting (the server listens): keep what was compiled now rather than at exit, which a
// killed process never reaches.
flushCompileCache();
