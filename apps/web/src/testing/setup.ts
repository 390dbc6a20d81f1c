import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  delete window.App;
  document.documentElement.className = '';
});

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};
