import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { slots } from './slots.ts';
import { users } from './users.ts';

/**
 * One row per person and session once they touch the call: the device check outcome (the
 * "device detection success" flag of the video data) and when they first and last joined
 * the room (a session counts as held once its therapist and a client have both joined).
 */
export const videoParticipants = pgTable(
  'video_participants',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deviceDetectionSuccess: boolean('device_detection_success'),
    deviceCheckedAt: timestamp('device_checked_at', { withTimezone: true }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.userId] })],
);

/** The session's text chat, in order of id; a resent message (same client_id) is stored once. */
export const videoChatMessages = pgTable(
  'video_chat_messages',
  {
    id: serial('id').primaryKey(),
    /** The id the participants see (serial ids never leave the server). */
    publicId: uuid('public_id').notNull().defaultRandom(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('video_chat_slot_idx').on(t.slotId, t.id),
    uniqueIndex('video_chat_once').on(t.slotId, t.senderId, t.clientId),
  ],
);

/** The post-session rating (spec §3 "Video rating"): one per person and session, a second one updates it. */
export const videoRatings = pgTable(
  'video_ratings',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('video_ratings_once').on(t.slotId, t.userId),
    check('video_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * The therapist's post-session answer: how the client connected to the session, and a comment.
 * Stored encrypted (`sealed_form`, lib/notes-crypto.ts: the JSON of types and comment under a data
 * key of its own); `types` and `comment` are only read from rows written before encryption, which
 * the server seals at start (sealPlaintextNotes) and then clears.
 */
export const videoConnectionReports = pgTable('video_connection_reports', {
  slotId: integer('slot_id')
    .primaryKey()
    .references(() => slots.id),
  therapistId: integer('therapist_id')
    .notNull()
    .references(() => users.id),
  types: text('types').array(),
  comment: text('comment'),
  sealedForm: text('sealed_form'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Call quality summarised from getStats by one participant, about one remote participant
 * (peer_user_id) or the whole call (null); the latest summary replaces the previous one.
 */
export const videoCallMetrics = pgTable(
  'video_call_metrics',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    peerUserId: integer('peer_user_id').references(() => users.id),
    rttMs: real('rtt_ms'),
    packetLossPct: real('packet_loss_pct'),
    jitterMs: real('jitter_ms'),
    bitrateInKbps: real('bitrate_in_kbps'),
    bitrateOutKbps: real('bitrate_out_kbps'),
    frameWidth: integer('frame_width'),
    frameHeight: integer('frame_height'),
    framesPerSecond: real('frames_per_second'),
    durationSec: integer('duration_sec'),
    relayed: boolean('relayed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('video_call_metrics_once').on(t.slotId, t.userId, t.peerUserId).nullsNotDistinct()],
);

/**
 * Client call logs (device check, connection changes, errors) and the therapist's analytics events
 * and notes; a therapist's `message` (a note's text) is stored sealed (lib/notes-crypto.ts).
 */
export const videoEvents = pgTable(
  'video_events',
  {
    id: serial('id').primaryKey(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: ['client_log', 'therapist_analytics'] }).notNull(),
    type: text('type').notNull(),
    level: text('level', { enum: ['info', 'warn', 'error'] })
      .notNull()
      .default('info'),
    message: text('message'),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_events_slot_idx').on(t.slotId, t.id)],
);
