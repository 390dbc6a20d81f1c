import {
  ZBookSlotRequestSchema,
  ZCancelPolicySchema,
  ZCancelSlotRequestSchema,
  ZCancelSlotResponseSchema,
  ZClientSlotSchema,
  ZClientSlotsResponseSchema,
  ZFreeSlotsQuerySchema,
  ZFreeSlotsResponseSchema,
  ZHoldSlotRequestSchema,
  ZRescheduleSlotRequestSchema,
  ZSlotParamsSchema,
} from '../booking.ts';
import type { TRouteDef } from '../route-def.ts';
import {
  ZAvailabilityExceptionCreateSchema,
  ZAvailabilityExceptionSchema,
  ZExceptionDeletedSchema,
  ZScheduleExceptionParamsSchema,
  ZScheduleSchema,
  ZScheduleUpdateSchema,
  ZUnschedRequestSchema,
  ZUnschedResponseSchema,
} from '../schedule.ts';

const client = ['client'] as const;
const therapist = ['therapist'] as const;

/** The therapist's working hours, free times for a client, and the client's sessions. */
export const bookingRoutes = {
  therapistSchedule: {
    method: 'GET',
    path: '/api/v1/therapist/schedule',
    roles: therapist,
    response: ZScheduleSchema,
  },
  updateTherapistSchedule: {
    method: 'PUT',
    path: '/api/v1/therapist/schedule',
    roles: therapist,
    body: ZScheduleUpdateSchema,
    response: ZScheduleSchema,
  },
  addScheduleException: {
    method: 'POST',
    path: '/api/v1/therapist/schedule/exceptions',
    roles: therapist,
    body: ZAvailabilityExceptionCreateSchema,
    response: ZAvailabilityExceptionSchema,
  },
  deleteScheduleException: {
    method: 'DELETE',
    path: '/api/v1/therapist/schedule/exceptions/:id',
    roles: therapist,
    params: ZScheduleExceptionParamsSchema,
    response: ZExceptionDeletedSchema,
  },
  unschedClient: {
    method: 'POST',
    path: '/api/v1/therapist/schedule/unsched',
    roles: therapist,
    body: ZUnschedRequestSchema,
    response: ZUnschedResponseSchema,
  },
  freeSlots: {
    method: 'GET',
    path: '/api/v1/user/therapists/:id/free_slots',
    roles: client,
    params: ZSlotParamsSchema,
    querystring: ZFreeSlotsQuerySchema,
    response: ZFreeSlotsResponseSchema,
  },
  clientSlots: { method: 'GET', path: '/api/v1/user/slots', roles: client, response: ZClientSlotsResponseSchema },
  holdSlot: {
    method: 'POST',
    path: '/api/v1/user/slots',
    roles: client,
    body: ZHoldSlotRequestSchema,
    response: ZClientSlotSchema,
  },
  clientSlot: {
    method: 'GET',
    path: '/api/v1/user/slots/:id',
    roles: client,
    params: ZSlotParamsSchema,
    response: ZClientSlotSchema,
  },
  bookSlot: {
    method: 'POST',
    path: '/api/v1/user/slots/:id/book',
    roles: client,
    params: ZSlotParamsSchema,
    body: ZBookSlotRequestSchema,
    response: ZClientSlotSchema,
  },
  slotCancelPolicy: {
    method: 'GET',
    path: '/api/v1/user/slots/:id/cancel_policy',
    roles: client,
    params: ZSlotParamsSchema,
    response: ZCancelPolicySchema,
  },
  cancelSlot: {
    method: 'POST',
    path: '/api/v1/user/slots/:id/cancel',
    roles: client,
    params: ZSlotParamsSchema,
    body: ZCancelSlotRequestSchema,
    response: ZCancelSlotResponseSchema,
  },
  rescheduleSlot: {
    method: 'POST',
    path: '/api/v1/user/slots/:id/reschedule',
    roles: client,
    params: ZSlotParamsSchema,
    body: ZRescheduleSlotRequestSchema,
    response: ZClientSlotSchema,
  },
} as const satisfies Record<string, TRouteDef>;
