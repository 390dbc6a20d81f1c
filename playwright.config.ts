import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/therapy-e2e-${process.pid}`;

/** Debian's Chromium (never a downloaded browser); the flags keep it off the closed network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    // The real platform on a fresh embedded database with the demo data.
    command: `rm -rf ${dataDir} && node apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every journey signs in and up from 127.0.0.1 to this one server; the per-address limits are tried in
      // the server's tests and behind nginx (video-nginx.spec.ts), not by the sum of the journeys.
      SIGN_IN_RATE_LIMIT: '1000',
      SIGN_UP_RATE_LIMIT: '1000',
    },
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
