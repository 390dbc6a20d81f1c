import { z } from 'zod';

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
  therapy_type: z.enum(['single', 'couple']),
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

export const SIGNAL_MAX_MESSAGE_BYTES = 64 * 1024;
