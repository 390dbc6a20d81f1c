import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * Web tests run in a pinned zone, never the machine's: `web` in UTC, and `web-dst` (the root config) the same files
 * in a zone with daylight saving time, so a date that leans on the runner's zone fails in one of them.
 */
export const WEB_TIME_ZONE = 'UTC';
export const WEB_DST_TIME_ZONE = 'America/New_York';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Screens render in jsdom beside the server's suite on two cores: a busy machine, not a hang, is what 5 s catches.
      testTimeout: 20_000,
      restoreMocks: true,
      unstubGlobals: true,
      env: { TZ: WEB_TIME_ZONE },
    },
  }),
);
