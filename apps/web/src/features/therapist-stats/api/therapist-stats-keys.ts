import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the therapist's statistics. */
export const therapistStatsKeys = {
  metrics: () => routeKey('therapistMetrics'),
};
