import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the therapist's own area. */
export const therapistsKeys = {
  current: () => routeKey('therapistCurrent'),
  genomAlert: () => routeKey('therapistGenomAlert'),
};
