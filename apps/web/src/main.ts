/** Page entry: global styles, the landing screen's early reads, the islands loader, and error reporting after load. */
import './styles/tokens.css';
import './styles/base.css';
import { startEarlyReads } from './api/early-reads.ts';
import { storedLanguage } from './i18n/languages.ts';
import { startIslands } from './islands/loader.tsx';
import { islandRegistry } from './islands/registry.ts';
import { readCurrentUser } from './lib/app-global.ts';
import { scheduleErrorReporting } from './lib/error-reporting.ts';

// First, so the landing screen's data is on its way while the app's code downloads.
startEarlyReads(window.location.pathname, readCurrentUser()?.role, storedLanguage());

startIslands({ registry: islandRegistry });
scheduleErrorReporting();
