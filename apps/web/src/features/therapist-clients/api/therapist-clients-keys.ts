import { routeKey } from '../../../api/query-keys.ts';

/** Query keys of the therapist's clients. */
export const therapistClientsKeys = {
  list: (archived: boolean) => routeKey('therapistUsers', { archived }),
  client: (id: string) => routeKey('therapistUser', { id }),
  videobox: (id: string) => routeKey('therapistVideobox', { id }),
};
