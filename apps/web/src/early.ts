/**
 * The page's first script, a build entry of its own (vite.config.ts, `earlyEntry`): it starts the landing screen's
 * API reads (api/early-reads.ts) as soon as it arrives. It imports nothing of React or the app, which main.ts must
 * have downloaded before it runs at all; the reads then travel beside that download instead of after it.
 */
import { startEarlyReads } from './api/early-reads.ts';
import { storedLanguage } from './i18n/languages.ts';

// Not checked like readCurrentUser() does: the role only picks which reads to start, and the server checks each.
startEarlyReads(window.location.pathname, window.App?.user?.role, storedLanguage());
