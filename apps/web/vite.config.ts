import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { sectionPart } from './src/i18n/sections.ts';

const SERVER = 'http://127.0.0.1:3000';

/**
 * `/user/auth`, `/therapist/auth` and `/business/auth` hold both server routes (logout) and SPA pages
 * (`/therapist/auth/sign-in`): a browser asking for a page gets the SPA from Vite, everything else goes to the server.
 */
const toServerUnlessPage: ProxyOptions = {
  target: SERVER,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/** What is worth compressing: text files of at least 1 KB (smaller ones gain less than a header costs). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Compresses every built text file once, at the best settings (Brotli 11, gzip 9), beside the original as `.br` and
 * `.gz`: the server sends the copy the browser accepts (@fastify/static `preCompressed`), spending no CPU per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'therapy:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

const SECTIONS_PREFIX = '\0translation-sections:';

/**
 * `./ru.json?public`, `./ru.json?account` and `./ru.json?staff` are the file's sections for everyone, for anyone
 * signed in and for staff only (src/i18n/sections.ts): a visitor's page does not download the client area's texts, a
 * client's page not the therapists' and business accounts' ones.
 */
function translationSections(): Plugin {
  return {
    name: 'therapy:translation-sections',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.+\.json)\?(public|account|staff)$/.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(match[1] as string, importer, { skipSelf: true });
      return resolved ? `${SECTIONS_PREFIX}${resolved.id}?${match[2]}` : null;
    },
    async load(id) {
      if (!id.startsWith(SECTIONS_PREFIX)) return null;
      const [file, part] = id.slice(SECTIONS_PREFIX.length).split('?') as [string, string];
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(Object.entries(all).filter(([section]) => sectionPart(section) === part));
      return { code: `export default ${JSON.stringify(picked)};`, moduleType: 'js' };
    },
  };
}

/** The contract's route tables (packages/contract/src/routes/*.ts). */
const ROUTE_TABLE = /packages\/contract\/src\/routes\/[^/]+\.ts$/;
/** The browser calls a route by its method and path (api/client.ts); the rest (schemas, summary, roles, errors) is the server's. */
const BROWSER_KEYS = new Set(['method', 'path']);

type TNode = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * In the browser bundle, a route of the contract keeps only its method and path, without its zod schemas and the
 * documentation: a page that calls `/api/v1/user/lk_data` then does not download zod and every schema of the API with
 * it (the contract has no side effects, so the schemas nobody else uses are dropped). Types are untouched; forms that
 * validate import their schemas themselves. Build only: tests run the contract as it is.
 */
function routeTablesWithoutSchemas(): Plugin {
  return {
    name: 'therapy:route-tables-without-schemas',
    apply: 'build',
    transform(code, id) {
      if (!ROUTE_TABLE.test(id)) return null;
      const cuts: [number, number][] = [];
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) {
          for (const item of node) visit(item);
          return;
        }
        if (!node || typeof node !== 'object') return;
        const current = node as TNode;
        if (current.type === 'ObjectExpression') {
          const properties = current.properties as TNode[];
          const keyOf = (property: TNode) => ((property.key as TNode | undefined)?.name as string | undefined) ?? '';
          const isRoute = ['method', 'path'].every((key) => properties.some((property) => keyOf(property) === key));
          if (isRoute) {
            properties.forEach((property, index) => {
              // Up to the next property (its comma and comments with it), or to its own end when it is the last.
              if (!BROWSER_KEYS.has(keyOf(property)))
                cuts.push([property.start, properties[index + 1]?.start ?? property.end]);
            });
          }
        }
        for (const [key, value] of Object.entries(current)) if (key !== 'type') visit(value);
      };
      visit(this.parse(code, { lang: 'ts' }));
      if (cuts.length === 0) return null;
      let out = code;
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
      return { code: out, map: null };
    },
  };
}

/**
 * Every page mounts the App island, which the entry imports on demand (islands/registry.ts): the page names the App
 * chunk and what it imports as module preloads, so the browser fetches them beside the entry instead of after it.
 */
function preloadApp(): Plugin {
  return {
    name: 'therapy:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/app/App.tsx'),
        );
        if (app?.type !== 'chunk') return [];
        const already = new Set([entry.fileName, ...entry.imports]);
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (!output || output.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of output.imports) visit(imported);
        };
        visit(app.fileName);
        return [
          ...[...files]
            .filter((file) => !already.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ...[...styles]
            .filter((file) => !entry.viteMetadata?.importedCss.has(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * Fails the build when chunks import one another in a circle. The manual groups below take modules without what
 * they import; should a later import close a circle through such a chunk, the browser could run a module before one
 * it needs (an error at start-up that no build would report otherwise).
 */
function noChunkCycles(): Plugin {
  return {
    name: 'therapy:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const done = new Set<string>();
      const visit = (fileName: string, path: string[]): void => {
        if (done.has(fileName)) return;
        if (path.includes(fileName)) this.error(`chunks import one another: ${[...path, fileName].join(' → ')}`);
        const output = bundle[fileName];
        if (output?.type === 'chunk') for (const imported of output.imports) visit(imported, [...path, fileName]);
        done.add(fileName);
      };
      for (const fileName of Object.keys(bundle)) visit(fileName, []);
    },
  };
}

const EARLY_ENTRY = 'src/early.ts';

/**
 * `src/early.ts` as an entry of its own, loaded first by every page: it starts the landing screen's API reads. Vite
 * would make one entry of all the page's scripts, and that one runs only once React and the rest have downloaded.
 * (The dev server has no early reads: the screens simply ask.)
 */
function earlyEntry(): Plugin {
  return {
    name: 'therapy:early-entry',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: path.resolve(import.meta.dirname, EARLY_ENTRY), name: 'early' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const early = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(EARLY_ENTRY),
        );
        if (early?.type !== 'chunk') return [];
        return [
          ...early.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
          {
            tag: 'script',
            // async: it runs as soon as it has arrived, not after the stylesheets and the page's other scripts.
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${early.fileName}` },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    translationSections(),
    routeTablesWithoutSchemas(),
    earlyEntry(),
    preloadApp(),
    noChunkCycles(),
    precompress(),
  ],
  resolve: {
    alias: [
      // React 19 has the hook the shim stands in for; the shim's fallback was most of a kilobyte on every page.
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store-shim.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser we build for preloads modules natively except Safari before 17, which then only loads
    // them one after another; the polyfill was half a kilobyte of every page's first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries every page needs, in chunks of their own: they stay cached across releases of the app's code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // A role's shell and the client's area in a chunk each, not in one chunk per module they share with the
            // screens and the other areas: a dozen chunks of a few hundred bytes cost more (each compressed on its own,
            // each naming its imports) than they spare. Only these modules, not what they import (it stays shared).
            {
              name: 'RoleLayout',
              test: /src[\\/](app[\\/]layouts[\\/]RoleLayout|features[\\/]auth[\\/]api[\\/]sign-out)\./,
              includeDependenciesRecursively: false,
            },
            {
              name: 'ClientArea',
              test: /src[\\/](app[\\/](routing[\\/](ClientArea|ClientCallArea|ClientConsentGate)|layouts[\\/]ClientLayout)|features[\\/]privacy[\\/](components[\\/](ConsentGate|Privacy\.module)|api[\\/](consents|privacy-keys))|entities[\\/]slot[\\/]lib[\\/]session-rating)\./,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, ws: true },
      '/healthz': SERVER,
      '/user/auth': toServerUnlessPage,
      '/therapist/auth': toServerUnlessPage,
      '/business/auth': toServerUnlessPage,
    },
  },
});
