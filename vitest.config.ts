import { defineConfig } from 'vitest/config';
import { WEB_DST_TIME_ZONE } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    projects: [
      'apps/server',
      'apps/web',
      // The web project again in a zone with daylight saving time (see apps/web/vitest.config.ts).
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: { name: 'web-dst', env: { TZ: WEB_DST_TIME_ZONE } },
      },
      'packages/contract',
    ],
  },
});
