import { AUDIT_ACTIONS, type TAuditAction } from '@therapy/contract';
import type { FastifyRequest } from 'fastify';
import type { TDb } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who acted and from where: the signed-in account and its request's address and browser. */
export type TAuditOrigin = {
  actorId: number | null;
  actorRole: string;
  ip: string | null;
  userAgent: string | null;
};

/** One entry: what was done, about whom, with the ids that say which record (never the data itself). */
export type TAuditEntry = { action: TAuditAction; subjectId: number | null; details?: Record<string, string | number> };

type TInserter = Pick<TDb, 'insert'>;

const USER_AGENT_MAX = 300;

/** The origin of a request: its signed-in user (if any), `request.ip` (as TRUST_PROXY decides it) and user agent. */
export function originOf(request: FastifyRequest): TAuditOrigin {
  return {
    actorId: request.user?.id ?? null,
    actorRole: request.user?.role ?? 'anonymous',
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
  };
}

/** The system itself acting (a payment provider's webhook, a job): no account, the sender's address if any. */
export const systemOrigin = (ip: string | null = null): TAuditOrigin => ({
  actorId: null,
  actorRole: 'system',
  ip,
  userAgent: null,
});

/**
 * Appends entries to the audit trail, in the caller's transaction when given one, so a change and
 * its entry are stored together or not at all. The table refuses updates and deletes.
 */
export async function appendAudit(db: TInserter, origin: TAuditOrigin, entries: readonly TAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: origin.actorId,
      actorRole: origin.actorRole,
      kind: AUDIT_ACTIONS[entry.action].kind,
      action: entry.action,
      subjectId: entry.subjectId,
      ip: origin.ip,
      userAgent: origin.userAgent,
      details: entry.details ?? null,
    })),
  );
}
