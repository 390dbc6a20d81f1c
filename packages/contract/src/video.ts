import { z } from 'zod';
import { ZInstantSchema } from './instant.ts';
import { ZTherapyTypeSchema } from './signup.ts';

/** One ICE server as RTCPeerConnection takes it; TURN entries carry short-lived credentials. */
export const ZIceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServerSchema>;

/**
 * Video data for a session (spec §3): the slot, the room (`channel`), a short-lived signed
 * join `token`, the caller's `uid` and `peer_id`, the other side, where to rate, and which
 * provider runs the call (`app_id`: 'builtin' for our signaling + peer-to-peer media).
 */
export const ZVideoDataSchema = z.object({
  id: z.string(),
  session_at: z.string(),
  ends_at: z.string(),
  user_id: z.string(),
  peer_id: z.string(),
  remote_peer_id: z.string().nullable(),
  rate_url: z.string(),
  app_id: z.literal('builtin'),
  channel: z.string(),
  token: z.string(),
  token_expires_at: z.string(),
  uid: z.string(),
  device_detection_success: z.boolean().nullable(),
  therapist_mode: z.boolean(),
  therapy_type: ZTherapyTypeSchema,
  /** When the room opens and closes for this session (join window and grace period). */
  opens_at: z.string(),
  closes_at: z.string(),
  participants: z.array(z.object({ uid: z.string(), name: z.string(), role: z.enum(['client', 'therapist']) })),
  ice_servers: z.array(ZIceServerSchema),
  signal_url: z.string(),
  /** Set when the caller already rated this session: the rating popup is not shown again (spec §4). */
  feedbackFreshSlotHashid: z.string().nullable(),
});
export type TVideoData = z.infer<typeof ZVideoDataSchema>;

export const ZVideoQualityRequestSchema = z.object({
  slot_hashid: z.string({ error: 'Не указана сессия' }).max(32),
  rating: z
    .number({ error: 'Оценка должна быть числом' })
    .int({ error: 'Оценка должна быть целым числом' })
    .min(1, { error: 'Оценка от 1 до 5' })
    .max(5, { error: 'Оценка от 1 до 5' }),
  comment: z.string().max(2000, { error: 'Отзыв не длиннее 2000 символов' }).optional(),
});
export type TVideoQualityRequest = z.infer<typeof ZVideoQualityRequestSchema>;

// ---- Signaling over WebSocket (`signal_url`, JSON text frames, at most 64 KiB each) ----

const ZMediaStateSchema = z.object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() });
export type TMediaState = z.infer<typeof ZMediaStateSchema>;

/** Perfect-negotiation payloads: a description or a candidate, relayed untouched to one peer. */
const ZSignalDataSchema = z.union([
  z.object({
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(60_000).optional(),
    }),
  }),
  z.object({
    candidate: z
      .object({
        candidate: z.string().max(2000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .nullable(),
  }),
]);
export type TSignalData = z.infer<typeof ZSignalDataSchema>;

export const ZClientSignalMessageSchema = z.discriminatedUnion('type', [
  /** First message on a socket: the join token from the video data. */
  z.object({ type: z.literal('join'), token: z.string().max(2000), state: ZMediaStateSchema.optional() }),
  z.object({ type: z.literal('signal'), to: z.string().max(64), data: ZSignalDataSchema }),
  z.object({ type: z.literal('state'), state: ZMediaStateSchema }),
  z.object({ type: z.literal('chat'), text: z.string().trim().min(1).max(2000), client_id: z.string().max(64) }),
  /** The therapist ends the session for everyone. */
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('ping') }),
]);
export type TClientSignalMessage = z.infer<typeof ZClientSignalMessageSchema>;

export const ZSignalPeerSchema = z.object({
  peer_id: z.string(),
  uid: z.string(),
  name: z.string(),
  role: z.enum(['client', 'therapist']),
  state: ZMediaStateSchema,
});
export type TSignalPeer = z.infer<typeof ZSignalPeerSchema>;

export const ZChatMessageSchema = z.object({
  id: z.string(),
  from_uid: z.string(),
  name: z.string(),
  text: z.string(),
  sent_at: z.string(),
  client_id: z.string(),
});
export type TChatMessage = z.infer<typeof ZChatMessageSchema>;

export const ZServerSignalMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('joined'),
    peer_id: z.string(),
    peers: z.array(ZSignalPeerSchema),
    chat: z.array(ZChatMessageSchema),
    ends_at: z.string(),
  }),
  z.object({ type: z.literal('peer_joined'), peer: ZSignalPeerSchema }),
  z.object({ type: z.literal('peer_left'), peer_id: z.string() }),
  z.object({ type: z.literal('signal'), from: z.string(), data: ZSignalDataSchema }),
  z.object({ type: z.literal('state'), peer_id: z.string(), state: ZMediaStateSchema }),
  z.object({ type: z.literal('chat'), message: ZChatMessageSchema }),
  z.object({ type: z.literal('ended'), reason: z.enum(['therapist_ended', 'time_up']), slot_hashid: z.string() }),
  /** This socket was replaced by a newer one of the same person (a reload, a second tab). */
  z.object({ type: z.literal('replaced') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type TServerSignalMessage = z.infer<typeof ZServerSignalMessageSchema>;

// ---- Video data routes and the post-session calls ----

/** GET /api/v1/therapist/users/:id/videobox: the client's user hashid. */
export const ZVideoboxParamsSchema = z.object({ id: z.string().max(32) });

export const ZVideoQualityResponseSchema = z.object({
  success: z.literal(true),
  slot_hashid: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
});
export type TVideoQualityResponse = z.infer<typeof ZVideoQualityResponseSchema>;

const slotHashid = z.string({ error: 'Не указана сессия' }).min(1, { error: 'Не указана сессия' }).max(32);
const eventType = z
  .string({ error: 'Укажите тип события' })
  .regex(/^[a-z][a-z0-9_.]{0,63}$/, { error: 'Тип события: латиница в нижнем регистре, цифры, «_» и «.»' });
const eventData = z
  .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((data) => Object.keys(data).length <= 30, { error: 'Не больше 30 полей в событии' });
const instant = ZInstantSchema;

/** How a client may have connected to a session: the options of the therapist's post-session form. */
export const VIDEO_CONNECTED_TYPES = [
  { key: 'browser_desktop', label: 'Браузер на компьютере' },
  { key: 'browser_mobile', label: 'Браузер на телефоне или планшете' },
  { key: 'audio_only', label: 'Только звук, без видео' },
  { key: 'phone_call', label: 'Обычный телефонный звонок' },
  { key: 'other_messenger', label: 'Другой мессенджер' },
  { key: 'not_connected', label: 'Клиент не подключился' },
] as const;
export const ZConnectedTypeSchema = z.enum(VIDEO_CONNECTED_TYPES.map((t) => t.key) as [string, ...string[]], {
  error: 'Неизвестный способ подключения',
});

export const ZConnectedTypesQuerySchema = z.object({ slot_hashid: z.string().max(32).optional() });

export const ZConnectedTypesAnswerSchema = z.object({
  slot_hashid: z.string(),
  types: z.array(z.string()),
  comment: z.string().nullable(),
  updated_at: z.string(),
});
export type TConnectedTypesAnswer = z.infer<typeof ZConnectedTypesAnswerSchema>;

/** GET /api/v1/therapist/slot/user_connected_types[?slot_hashid=]: the options and, for a session, its answer. */
export const ZConnectedTypesResponseSchema = z.object({
  options: z.array(z.object({ key: z.string(), label: z.string() })),
  answer: ZConnectedTypesAnswerSchema.nullable(),
});
export type TConnectedTypesResponse = z.infer<typeof ZConnectedTypesResponseSchema>;

/** POST /api/v1/therapist/slot/user_connected_types: the answer for one session (a second post replaces it). */
export const ZConnectedTypesRequestSchema = z
  .object({
    slot_hashid: slotHashid,
    types: z
      .array(ZConnectedTypeSchema, { error: 'Выберите, как подключался клиент' })
      .min(1, { error: 'Выберите, как подключался клиент' })
      .max(VIDEO_CONNECTED_TYPES.length),
    comment: z.string().max(2000, { error: 'Комментарий не длиннее 2000 символов' }).optional(),
  })
  .strict();
export type TConnectedTypesRequest = z.infer<typeof ZConnectedTypesRequestSchema>;

const optionalNumber = (max: number) =>
  z.number({ error: 'Должно быть числом' }).min(0, { error: 'Не меньше 0' }).max(max).nullable().optional();
const optionalInt = (max: number) =>
  z.number({ error: 'Должно быть числом' }).int().min(0, { error: 'Не меньше 0' }).max(max).nullable().optional();

/** A call quality summary from getStats; every figure is optional (a browser may not report it). */
export const ZCallQualitySchema = z.object({
  rtt_ms: optionalNumber(60_000),
  packet_loss_pct: optionalNumber(100),
  jitter_ms: optionalNumber(60_000),
  bitrate_in_kbps: optionalNumber(1_000_000),
  bitrate_out_kbps: optionalNumber(1_000_000),
  frame_width: optionalInt(16_384),
  frame_height: optionalInt(16_384),
  frames_per_second: optionalNumber(1000),
  duration_sec: optionalInt(7 * 24 * 3600),
  /** Whether media went through TURN. */
  relayed: z.boolean().nullable().optional(),
});
export type TCallQuality = z.infer<typeof ZCallQualitySchema>;

/**
 * PUT /api/v1/therapist/slot/metrics: the caller's summary for the session, about one remote
 * participant (`peer_uid`) or the whole call; a later PUT replaces the earlier one.
 */
export const ZCallMetricsRequestSchema = ZCallQualitySchema.extend({
  slot_hashid: slotHashid,
  peer_uid: z.string().max(32).optional(),
}).strict();
export type TCallMetricsRequest = z.infer<typeof ZCallMetricsRequestSchema>;

export const ZVideoEventSchema = z
  .object({
    type: eventType,
    level: z.enum(['info', 'warn', 'error'], { error: 'Уровень: info, warn или error' }).optional(),
    message: z.string().max(4000, { error: 'Не длиннее 4000 символов' }).optional(),
    data: eventData.optional(),
    /** When it happened on the device; the server's time when absent. */
    at: instant.optional(),
  })
  .strict();
export type TVideoEvent = z.infer<typeof ZVideoEventSchema>;

/** The device check before the call: its outcome is the video data's `device_detection_success`. */
export const ZDeviceCheckSchema = z
  .object({
    success: z.boolean({ error: 'Укажите результат проверки' }),
    camera: z.boolean().optional(),
    microphone: z.boolean().optional(),
    speaker: z.boolean().optional(),
  })
  .strict();
export type TDeviceCheck = z.infer<typeof ZDeviceCheckSchema>;

/** POST /api/v1/user/slot/log: the client's call log, the device check, and optionally its call quality summary. */
export const ZCallLogRequestSchema = z
  .object({
    slot_hashid: slotHashid,
    events: z.array(ZVideoEventSchema).max(100, { error: 'Не больше 100 событий за раз' }).optional(),
    device_check: ZDeviceCheckSchema.optional(),
    metrics: ZCallQualitySchema.strict().optional(),
  })
  .strict();
export type TCallLogRequest = z.infer<typeof ZCallLogRequestSchema>;

/** POST /api/v1/therapist/slot/analytics: the therapist's events and notes (type 'note', text in message) and device check. */
export const ZSlotAnalyticsRequestSchema = z
  .object({
    slot_hashid: slotHashid,
    events: z.array(ZVideoEventSchema).max(100, { error: 'Не больше 100 событий за раз' }).optional(),
    device_check: ZDeviceCheckSchema.optional(),
  })
  .strict();
export type TSlotAnalyticsRequest = z.infer<typeof ZSlotAnalyticsRequestSchema>;

export const ZVideoStoredResponseSchema = z.object({ success: z.literal(true), stored: z.number().int() });
export type TVideoStoredResponse = z.infer<typeof ZVideoStoredResponseSchema>;
