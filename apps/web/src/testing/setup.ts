import '@testing-library/jest-dom/vitest';
// Loaded before a test fakes Date (vi.useFakeTimers), so its TZDate extends the real Date, as in a browser.
import '@date-fns/tz';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadLanguage } from '../i18n/index.ts';
import { server } from './api-server.ts';

// A page loads the texts beyond Russian's public ones before it renders (islands/registry.ts); tests render at once.
await loadLanguage('en', { staff: true });

// findBy… and waitFor give a busy machine (CI, a shared runner) a few seconds, not one.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  window.localStorage.clear();
  delete window.App;
  document.documentElement.className = '';
});

afterAll(() => {
  server.close();
});

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

// jsdom has <dialog> but not its modal API: here it only opens and closes. What the browser adds (the top layer, an
// inert page, Escape, focus into the modal and back to its opener) is checked in Chromium by e2e/modals.spec.ts.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.open = false;
  setTimeout(() => this.dispatchEvent(new Event('close')));
};
