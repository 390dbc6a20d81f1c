import { z } from 'zod';
import { ZSlotStatusSchema } from './booking.ts';
import { ZTherapyTypeSchema } from './signup.ts';

/** How long after its last session a client without a future session stays active. */
export const CLIENT_ARCHIVE_AFTER_DAYS = 60;
/** How long after a session's end the therapist may still correct how it ended. */
export const SESSION_OUTCOME_CORRECTION_HOURS = 48;

/**
 * A moment as the therapist reads it: the instant, and its weekday, date and time in the
 * therapist's own zone (`tz`), with the spec §9 label 'dd.MM.yyyy в HH:mm'.
 */
export const ZTherapistMomentSchema = z.object({
  at: z.string(),
  /** 'yyyy-MM-dd' in the therapist's zone. */
  date: z.string(),
  /** 'HH:mm' in the therapist's zone. */
  time: z.string(),
  /** 0 is Monday (spec §9). */
  weekday: z.number().int(),
  label: z.string(),
});
export type TTherapistMoment = z.infer<typeof ZTherapistMomentSchema>;

/**
 * The client's standing time: the weekday and time (therapist's zone) that two or more of
 * their booked sessions in the next 12 weeks share, the one of the soonest session first. Releasing it
 * (`unsched`) cancels every future session of the client with this therapist.
 */
export const ZStandingSlotSchema = z.object({
  weekday: z.number().int(),
  time: z.string(),
  /** 'по понедельникам в 10:00' */
  label: z.string(),
  /** How many booked sessions of the next 12 weeks fall on it. */
  sessions_count: z.number().int(),
});
export type TStandingSlot = z.infer<typeof ZStandingSlotSchema>;

/**
 * One client of the therapist. A client is anyone who booked a session with the therapist
 * (a lapsed hold does not count). Archive rule (the time rule alone, no manual archive):
 * a client is archived when they have no booked future session and no session (booked,
 * completed, missed or late-cancelled) that started in the last CLIENT_ARCHIVE_AFTER_DAYS
 * (60) days; a new booking makes them active again.
 */
export const ZTherapistClientSchema = z.object({
  /** The client's user hashid: the id of the client page, the videobox and `unsched`. */
  hashid: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** First and last name, or the e-mail when the client gave no name. */
  name: z.string(),
  /** The client's photo URL: the platform keeps none for clients yet, so always null today (initials are shown). */
  avatar: z.string().nullable(),
  /** The therapy type of the client's latest session with this therapist. */
  therapy_type: ZTherapyTypeSchema,
  /** For a couple, the partner who joins the call, when known. */
  partner_name: z.string().nullable(),
  /** Completed sessions with this therapist. */
  sessions_done: z.number().int(),
  /** The next booked session with this therapist (its time in the therapist's zone). */
  next_session: z
    .object({ slot_hashid: z.string(), starts_at: ZTherapistMomentSchema, therapy_type: ZTherapyTypeSchema })
    .nullable(),
  /** The start of the latest session that is not in the future, if any. */
  last_session_at: z.string().nullable(),
  standing_slot: ZStandingSlotSchema.nullable(),
  archived: z.boolean(),
});
export type TTherapistClient = z.infer<typeof ZTherapistClientSchema>;

export const ZTherapistClientsQuerySchema = z.object({
  /** 'true': archived clients only; 'false' (default): active ones. */
  archived: z.enum(['true', 'false'], { error: 'archived: true или false' }).default('false'),
});

/**
 * GET /api/v1/therapist/users: the clients, those with a next session first (soonest
 * first), then the rest by their latest session, newest first.
 */
export const ZTherapistClientsResponseSchema = z.array(ZTherapistClientSchema);
export type TTherapistClientsResponse = z.infer<typeof ZTherapistClientsResponseSchema>;
/** GET /api/v2/therapist/users: the same list inside `data` (spec §7, version 2). */
export const ZTherapistClientsV2ResponseSchema = z.object({ data: ZTherapistClientsResponseSchema });

export const ZTherapistClientParamsSchema = z.object({ id: z.string().max(32) });

/** How a session ended, as recorded after its end (by the sweep or the therapist's correction). */
export const ZSessionOutcomeSchema = z.enum(['completed', 'client_no_show', 'therapist_no_show'], {
  error: 'Выберите, чем закончилась сессия',
});
export type TSessionOutcome = z.infer<typeof ZSessionOutcomeSchema>;

/** One session of the client with this therapist, as the therapist sees it. */
export const ZTherapistSessionSchema = z.object({
  slot_hashid: z.string(),
  starts_at: ZTherapistMomentSchema,
  ends_at: z.string(),
  duration_min: z.number().int(),
  therapy_type: ZTherapyTypeSchema,
  status: ZSlotStatusSchema,
  /** How it ended, once recorded; null for a future, cancelled or moved session. */
  outcome: ZSessionOutcomeSchema.nullable(),
  /** Until when the therapist may correct the outcome; null when it cannot be corrected (any more). */
  correctable_until: z.string().nullable(),
  /** The therapist's post-session form, if filled. */
  post_session_form: z
    .object({ types: z.array(z.object({ key: z.string(), label: z.string() })), comment: z.string().nullable() })
    .nullable(),
});
export type TTherapistSession = z.infer<typeof ZTherapistSessionSchema>;

/** GET /api/v1/therapist/users/:id: the client page. */
export const ZTherapistClientDetailSchema = z.object({
  client: ZTherapistClientSchema,
  /** The therapist's zone, the one every time here is in. */
  tz: z.string(),
  /** What the client told about themselves at sign-up: shown to the therapists they book. */
  answers: z.object({
    age: z.number().int().nullable(),
    therapy_type: ZTherapyTypeSchema.nullable(),
    topics: z.array(z.object({ code: z.string(), label: z.string() })),
    languages: z.array(z.object({ code: z.string(), label: z.string() })),
  }),
  /** Future sessions, soonest first. */
  upcoming: z.array(ZTherapistSessionSchema),
  /** Past sessions (and cancelled ones), newest first. */
  past: z.array(ZTherapistSessionSchema),
});
export type TTherapistClientDetail = z.infer<typeof ZTherapistClientDetailSchema>;

/** GET /api/v1/therapist/sessions/upcoming: booked sessions from the start of today to 7 days on (therapist's zone). */
export const ZTherapistUpcomingSessionSchema = ZTherapistSessionSchema.extend({
  client: z.object({ hashid: z.string(), name: z.string(), partner_name: z.string().nullable() }),
  /** When the call room opens and closes (VIDEO_JOIN_EARLY_MINUTES before the start, VIDEO_GRACE_MINUTES after the end). */
  opens_at: z.string(),
  closes_at: z.string(),
});
export type TTherapistUpcomingSession = z.infer<typeof ZTherapistUpcomingSessionSchema>;
export const ZTherapistUpcomingResponseSchema = z.object({
  tz: z.string(),
  sessions: z.array(ZTherapistUpcomingSessionSchema),
});
export type TTherapistUpcomingResponse = z.infer<typeof ZTherapistUpcomingResponseSchema>;

export const ZSessionOutcomeParamsSchema = z.object({ id: z.string().max(32) });
export const ZSessionOutcomeRequestSchema = z.object({ outcome: ZSessionOutcomeSchema }).strict();
export type TSessionOutcomeRequest = z.infer<typeof ZSessionOutcomeRequestSchema>;
