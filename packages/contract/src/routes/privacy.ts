import { ZDataViewsResponseSchema } from '../privacy.ts';
import type { TRouteDef } from '../route-def.ts';

/** The client's privacy rights: who read their data. */
export const privacyRoutes = {
  userDataViews: {
    method: 'GET',
    path: '/api/v1/user/data_views',
    summary: "Who read the client's data (their therapist, their employer): the latest 200 reads, newest first",
    roles: ['client'],
    response: ZDataViewsResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
