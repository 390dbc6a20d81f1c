import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: who read a client's data or changed roles, consents and payments, what, when
 * and from where. Append-only: a trigger (migrations 0013, 0015) refuses UPDATE, DELETE and TRUNCATE, so
 * neither the application nor anyone with its database role can rewrite history. No foreign keys:
 * an entry outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The account that acted; null for the system (a payment webhook, a job). */
    actorId: integer('actor_id'),
    /** The actor's role at the time: client, therapist, business_account, staff or system. */
    actorRole: text('actor_role').notNull(),
    /** `read` of someone's data, or a `change` of roles, consents, payments or sessions. */
    kind: text('kind').notNull(),
    /** What happened, a key of AUDIT_ACTIONS in the contract (`client_page`, `consent_accepted`, …). */
    action: text('action').notNull(),
    /** Whose data it was about. */
    subjectId: integer('subject_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** A few ids that say which record (a business, a report, a purchase); never the data itself. */
    details: jsonb('details').$type<Record<string, string | number>>(),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectId, t.at), index('audit_log_actor_idx').on(t.actorId, t.at)],
);

export type TAuditLogRow = typeof auditLog.$inferSelect;

/**
 * Every acceptance and withdrawal of a consent text: which text (kind and version), when and from
 * where. A user's standing with a consent is their latest row of its kind; a client who signed up
 * before this table accepted the sign-up texts of `users.consent_version` (see lib/consents.ts).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    action: text('action', { enum: ['accepted', 'withdrawn'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('consent_records_user_idx').on(t.userId, t.kind, t.at)],
);

export type TConsentRecordRow = typeof consentRecords.$inferSelect;
