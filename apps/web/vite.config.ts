import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const SERVER = 'http://127.0.0.1:3000';

/**
 * `/user/auth`, `/therapist/auth` and `/business/auth` hold both server routes (logout) and SPA pages
 * (`/therapist/auth/sign-in`): a browser asking for a page gets the SPA from Vite, everything else goes to the server.
 */
const toServerUnlessPage: ProxyOptions = {
  target: SERVER,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react()],
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
