import { ZAgreementKindSchema } from '@therapy/contract';
import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { pgEnumOf } from './contract-enum.ts';
import { therapists } from './therapists.ts';

export const agreementKindEnum = pgEnumOf('agreement_kind', ZAgreementKindSchema);

/**
 * A therapist's signature of one version of the agreement or the contract: the evidence kept is the
 * version, a hash of the exact text read, the time, and the address and browser it came from.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: serial('id').primaryKey(),
    therapistUserId: integer('therapist_user_id')
      .notNull()
      .references(() => therapists.userId, { onDelete: 'cascade' }),
    kind: agreementKindEnum('kind').notNull(),
    version: integer('version').notNull(),
    textSha256: text('text_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [unique('agreement_signatures_once').on(t.therapistUserId, t.kind, t.version)],
);

export type TAgreementSignatureRow = typeof agreementSignatures.$inferSelect;
