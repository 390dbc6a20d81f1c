/** Error reporting (spec §1, §9): after load, deferred by a zero-delay timer, only when `window.App` has a DSN. */
import { ERROR_SAMPLE_RATE, TRACES_SAMPLE_RATE } from '../config/constants.ts';
import { readAppGlobal } from './app-global.ts';

async function initSentry(dsn: string, environment: string): Promise<void> {
  // The scrubbing comes with Sentry, not with every page: pages without a DSN never need it.
  const [Sentry, { scrubBreadcrumb, scrubEvent }] = await Promise.all([
    import('@sentry/browser'),
    import('./error-scrubbing.ts'),
  ]);
  Sentry.init({
    dsn,
    environment,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    integrations: [Sentry.browserTracingIntegration()],
    // Nothing of what a person typed or read leaves the browser (error-scrubbing.ts).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
}

/**
 * Schedules error reporting: waits for the window's load event (or runs at once if the page has loaded), then
 * initialises @sentry/browser in a `setTimeout(…, 0)`. Does nothing without `window.App` or without `sentry_dsn`.
 */
export function scheduleErrorReporting(win: Window = window): void {
  const start = (): void => {
    win.setTimeout(() => {
      const app = readAppGlobal(win);
      if (!app?.sentry_dsn) return;
      initSentry(app.sentry_dsn, app.env).catch((error: unknown) => {
        console.warn('Error reporting could not start', error);
      });
    }, 0);
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
