import type { TRouteDef } from '../route-def.ts';
import {
  ZSessionOutcomeParamsSchema,
  ZSessionOutcomeRequestSchema,
  ZTherapistClientDetailSchema,
  ZTherapistClientParamsSchema,
  ZTherapistClientsQuerySchema,
  ZTherapistClientsResponseSchema,
  ZTherapistClientsV2ResponseSchema,
  ZTherapistSessionSchema,
  ZTherapistUpcomingResponseSchema,
} from '../therapist-clients.ts';

const therapist = ['therapist'] as const;

/** The therapist's clients and their sessions (spec §7 therapist users). */
export const therapistClientRoutes = {
  therapistUsers: {
    method: 'GET',
    path: '/api/v1/therapist/users',
    summary: "The therapist's active or archived clients (version 1: a list)",
    roles: therapist,
    querystring: ZTherapistClientsQuerySchema,
    response: ZTherapistClientsResponseSchema,
  },
  therapistUsersV2: {
    method: 'GET',
    path: '/api/v2/therapist/users',
    summary: "The therapist's active or archived clients (version 2: the list inside data)",
    roles: therapist,
    querystring: ZTherapistClientsQuerySchema,
    response: ZTherapistClientsV2ResponseSchema,
  },
  therapistUser: {
    method: 'GET',
    path: '/api/v1/therapist/users/:id',
    summary: 'One client of the therapist: their answers, past and future sessions, post-session forms',
    roles: therapist,
    params: ZTherapistClientParamsSchema,
    response: ZTherapistClientDetailSchema,
  },
  therapistUpcomingSessions: {
    method: 'GET',
    path: '/api/v1/therapist/sessions/upcoming',
    summary: "The therapist's booked sessions from today to 7 days on, in the therapist's zone",
    roles: therapist,
    response: ZTherapistUpcomingResponseSchema,
  },
  therapistSessionOutcome: {
    method: 'POST',
    path: '/api/v1/therapist/sessions/:id/outcome',
    summary: "Correct how a session ended (completed, the client's or the therapist's no-show) within 48 h of its end",
    errors: ['too_late', 'conflict'],
    roles: therapist,
    params: ZSessionOutcomeParamsSchema,
    body: ZSessionOutcomeRequestSchema,
    response: ZTherapistSessionSchema,
  },
} as const satisfies Record<string, TRouteDef>;
