import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAppGlobal } from '../testing/fixtures.ts';
import { scheduleErrorReporting } from './error-reporting.ts';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
}));
vi.mock('@sentry/browser', () => sentry);

function setReadyState(state: DocumentReadyState): void {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

/** Lets the dynamic import of @sentry/browser settle. */
async function flushImports(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise<void>((resolve) => queueMicrotask(resolve));
}

describe('scheduleErrorReporting', () => {
  beforeEach(() => {
    sentry.init.mockClear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    setReadyState('complete');
  });

  it('initialises Sentry after load, in a zero-delay timer, with the spec rates and the env', async () => {
    setReadyState('loading');
    window.App = makeAppGlobal({ env: 'staging', sentry_dsn: 'https://key@sentry.example/1' });

    scheduleErrorReporting();
    expect(vi.getTimerCount()).toBe(0);

    window.dispatchEvent(new Event('load'));
    expect(vi.getTimerCount()).toBe(1);
    await flushImports();
    expect(sentry.init).not.toHaveBeenCalled();

    vi.advanceTimersByTime(0);
    await vi.waitFor(() => expect(sentry.init).toHaveBeenCalledTimes(1));
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: 'https://key@sentry.example/1',
        environment: 'staging',
        sampleRate: 1,
        tracesSampleRate: 0.01,
      }),
    );
    expect(sentry.browserTracingIntegration).toHaveBeenCalled();
    // Every event and breadcrumb passes the scrubber: an answer in a body never leaves.
    const options = sentry.init.mock.calls[0]?.[0];
    const sent = options.beforeSend({ request: { url: '/lk?a=1', data: '{"answer":"бессонница"}' } });
    expect(JSON.stringify(sent)).not.toContain('бессонница');
    expect(options.beforeBreadcrumb({ category: 'console', message: 'бессонница' })).toEqual({
      category: 'console',
      data: {},
    });
    expect(options.dataCollection).toMatchObject({ cookies: false, httpBodies: [], urlQueryParams: false });
  });

  it('starts without waiting when the page has already loaded, still in a zero-delay timer', async () => {
    setReadyState('complete');
    window.App = makeAppGlobal({ env: 'production', sentry_dsn: 'https://key@sentry.example/2' });

    scheduleErrorReporting();
    expect(vi.getTimerCount()).toBe(1);
    expect(sentry.init).not.toHaveBeenCalled();

    vi.advanceTimersByTime(0);
    await vi.waitFor(() => expect(sentry.init).toHaveBeenCalledTimes(1));
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ environment: 'production' }));
  });

  it('does nothing without window.App or without a DSN', async () => {
    setReadyState('complete');
    scheduleErrorReporting();
    window.App = makeAppGlobal({ sentry_dsn: null });
    scheduleErrorReporting();

    vi.advanceTimersByTime(0);
    await flushImports();
    expect(sentry.init).not.toHaveBeenCalled();
  });
});
