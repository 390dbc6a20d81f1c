import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the therapist's sessions. */
export const therapistSessionKeys = {
  upcoming: () => routeKey('therapistUpcomingSessions'),
};
