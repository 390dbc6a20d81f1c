import { CONSENT_TEXTS, type TConsentKind } from '@therapy/contract';
import type { TDb } from '../db/client.ts';
import { consentRecords } from '../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from './audit.ts';

/** The texts a client accepts with the sign-up tick. */
export const SIGN_UP_CONSENTS: readonly TConsentKind[] = ['health_data', 'offer', 'share_with_therapist'];

/**
 * Stores acceptances or withdrawals of consent texts (kind, version, when, address and browser) and
 * appends each to the audit trail, in the caller's transaction.
 */
export async function recordConsents(
  db: Pick<TDb, 'insert'>,
  userId: number,
  origin: TAuditOrigin,
  changes: readonly { kind: TConsentKind; action: 'accepted' | 'withdrawn'; version?: string }[],
  at = new Date(),
): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((change) => ({
    userId,
    kind: change.kind,
    version: change.version ?? CONSENT_TEXTS[change.kind].version,
    action: change.action,
    at,
    ip: origin.ip,
    userAgent: origin.userAgent,
  }));
  await db.insert(consentRecords).values(rows);
  await appendAudit(
    db,
    origin,
    rows.map((row) => ({
      action: row.action === 'accepted' ? 'consent_accepted' : 'consent_withdrawn',
      subjectId: userId,
      details: { consent: row.kind, version: row.version },
    })),
  );
}
