import type { TRouteDef } from '../route-def.ts';
import {
  ZCallLogRequestSchema,
  ZCallMetricsRequestSchema,
  ZConnectedTypesAnswerSchema,
  ZConnectedTypesQuerySchema,
  ZConnectedTypesRequestSchema,
  ZConnectedTypesResponseSchema,
  ZSlotAnalyticsRequestSchema,
  ZVideoboxParamsSchema,
  ZVideoDataSchema,
  ZVideoQualityRequestSchema,
  ZVideoQualityResponseSchema,
  ZVideoStoredResponseSchema,
} from '../video.ts';

const client = ['client'] as const;
const therapist = ['therapist'] as const;

/** Video data for a session, the rating (spec §6: by role) and the post-session calls (spec §7). */
export const videoRoutes = {
  clientVideobox: { method: 'GET', path: '/api/v1/user/slot/videobox', roles: client, response: ZVideoDataSchema },
  therapistVideobox: {
    method: 'GET',
    path: '/api/v1/therapist/users/:id/videobox',
    roles: therapist,
    params: ZVideoboxParamsSchema,
    response: ZVideoDataSchema,
  },
  clientVideoQuality: {
    method: 'POST',
    path: '/api/v1/user/slot/video_quality',
    roles: client,
    body: ZVideoQualityRequestSchema,
    response: ZVideoQualityResponseSchema,
  },
  therapistVideoQuality: {
    method: 'POST',
    path: '/api/v1/therapist/slot/video_quality',
    roles: therapist,
    body: ZVideoQualityRequestSchema,
    response: ZVideoQualityResponseSchema,
  },
  userConnectedTypes: {
    method: 'GET',
    path: '/api/v1/therapist/slot/user_connected_types',
    roles: therapist,
    querystring: ZConnectedTypesQuerySchema,
    response: ZConnectedTypesResponseSchema,
  },
  saveUserConnectedTypes: {
    method: 'POST',
    path: '/api/v1/therapist/slot/user_connected_types',
    roles: therapist,
    body: ZConnectedTypesRequestSchema,
    response: ZConnectedTypesAnswerSchema,
  },
  therapistSlotMetrics: {
    method: 'PUT',
    path: '/api/v1/therapist/slot/metrics',
    roles: therapist,
    body: ZCallMetricsRequestSchema,
    response: ZVideoStoredResponseSchema,
  },
  therapistSlotAnalytics: {
    method: 'POST',
    path: '/api/v1/therapist/slot/analytics',
    roles: therapist,
    body: ZSlotAnalyticsRequestSchema,
    response: ZVideoStoredResponseSchema,
  },
  clientSlotLog: {
    method: 'POST',
    path: '/api/v1/user/slot/log',
    roles: client,
    body: ZCallLogRequestSchema,
    response: ZVideoStoredResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
