/**
 * The signaling protocol's constants, without zod: the call page imports them, and a module of schemas would come
 * with them (its top-level schema calls are kept by the bundler), so they live apart from video.ts.
 */

/** The largest signaling frame (JSON text), in bytes. */
export const SIGNAL_MAX_MESSAGE_BYTES = 64 * 1024;

/**
 * Close codes of the signaling socket. Reconnect (with back-off) only after `going_away`,
 * `service_restart`, `try_again_later`, `internal` and abnormal closes (1006); after `token_expired` fetch the video data again
 * first; the others are final for this page.
 */
export const SIGNAL_CLOSE_CODES = {
  /** The session ended (an `ended` message came first). */
  ended: 4000,
  /** The first message was not `join`, or none came within 10 seconds. */
  join_required: 4001,
  /** The token is not genuine, or its holder is not a participant of the session. */
  forbidden: 4003,
  /** The token expired: fetch the video data again and reconnect with the new token. */
  token_expired: 4004,
  /** A newer connection of the same person took over (a reload, a second tab); `replaced` came first. */
  replaced: 4005,
  /** The room is not open: too early, too late, or the session is no longer booked. */
  room_closed: 4006,
  /** Too many messages. */
  rate_limited: 4008,
  /** A message over SIGNAL_MAX_MESSAGE_BYTES. */
  too_large: 1009,
  /** The server is shutting down. */
  going_away: 1001,
  /** The server restarts (a deploy, SIGTERM): reconnect, another node or this one when it is back will answer. */
  service_restart: 1012,
  /** A service behind signaling (Redis) is unreachable: an `unavailable` error came first; reconnect with back-off. */
  try_again_later: 1013,
  internal: 1011,
} as const;

/** `code` of a signaling `error` message; the `message` beside it is Russian text for the person. */
export const SIGNAL_ERROR_CODES = [
  'join_required',
  'invalid_token',
  'token_expired',
  'not_participant',
  /** No live sign-in behind the socket: the person logged out, the session expired, or the cookie is not the token's. */
  'signed_out',
  'too_early',
  'too_late',
  'session_ended',
  'session_unavailable',
  'already_joined',
  'malformed',
  'unknown_type',
  'too_large',
  'rate_limited',
  'forbidden',
  'unavailable',
  'internal',
] as const;
export type TSignalErrorCode = (typeof SIGNAL_ERROR_CODES)[number];
