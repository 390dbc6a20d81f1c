import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of a therapist as a client sees them. */
export const therapistKeys = {
  card: (id: string) => routeKey('therapistCard', { id }),
  therapyMethods: () => routeKey('therapyMethods'),
};
