import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
