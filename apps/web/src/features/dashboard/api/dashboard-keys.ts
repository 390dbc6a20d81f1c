import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the client's dashboard. */
export const dashboardKeys = {
  data: () => routeKey('lkData'),
  widgets: () => routeKey('lkWidgets'),
};
