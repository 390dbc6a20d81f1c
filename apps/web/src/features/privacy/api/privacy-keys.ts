import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the privacy screens. */
export const privacyKeys = {
  dataViews: () => routeKey('userDataViews'),
  consents: () => routeKey('userConsents'),
  dataExports: () => routeKey('dataExports'),
};
