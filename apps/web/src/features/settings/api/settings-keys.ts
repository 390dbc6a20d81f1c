import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the settings screen. */
export const settingsKeys = {
  sessions: () => routeKey('activeSessions'),
};
