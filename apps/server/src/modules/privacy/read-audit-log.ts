import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { auditLog, type TAuditLogRow, users } from '../../db/schema/index.ts';
import { appendAudit } from '../../lib/audit.ts';
import type { THashids } from '../../lib/ids.ts';

/** Who a support request is about: an e-mail, a user hashid (as URLs show it) or the numeric id. */
export type TPersonRef = string;

export type TAuditQuery = {
  subject?: TPersonRef;
  actor?: TPersonRef;
  since?: Date;
  /** Who at support runs the read: stored with the staff entry it appends. */
  operator: string;
};

/** One entry as support reads it: the ids with the e-mails they have today (if the account still exists). */
export type TAuditLine = TAuditLogRow & { actorEmail: string | null; subjectEmail: string | null };

export class PersonNotFound extends Error {}

/** The user id a reference names, or PersonNotFound. */
export async function resolvePerson(db: TDb, hashids: THashids, ref: TPersonRef): Promise<number> {
  const trimmed = ref.trim();
  if (trimmed.includes('@')) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, trimmed.toLowerCase()));
    if (!row) throw new PersonNotFound(`no account with the e-mail ${trimmed}`);
    return row.id;
  }
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const id = hashids.decode('user', trimmed);
  if (id === null) throw new PersonNotFound(`${trimmed} is neither an e-mail, a user id nor a user hashid`);
  return id;
}

/**
 * The full audit trail about a person (or of an actor), oldest first, for support. Reading it is itself a read
 * of each subject's data by staff: one `staff_audit_read` entry per subject shown is appended, in the same
 * transaction, so the client sees it in «Кто видел мои данные».
 */
export async function readAuditLog(db: TDb, hashids: THashids, query: TAuditQuery): Promise<TAuditLine[]> {
  if (!query.subject && !query.actor) throw new Error('name a subject or an actor');
  if (!query.operator.trim()) throw new Error('name the operator');
  const subjectId = query.subject ? await resolvePerson(db, hashids, query.subject) : null;
  const actorId = query.actor ? await resolvePerson(db, hashids, query.actor) : null;
  const filters: SQL[] = [];
  if (subjectId !== null) filters.push(eq(auditLog.subjectId, subjectId));
  if (actorId !== null) filters.push(eq(auditLog.actorId, actorId));
  if (query.since) filters.push(gte(auditLog.at, query.since));

  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(auditLog)
      .where(and(...filters))
      .orderBy(asc(auditLog.at), asc(auditLog.id));
    const ids = new Set<number>();
    for (const row of rows) {
      if (row.actorId !== null) ids.add(row.actorId);
      if (row.subjectId !== null) ids.add(row.subjectId);
    }
    const emails = new Map(
      ids.size === 0
        ? []
        : (
            await tx
              .select({ id: users.id, email: users.email })
              .from(users)
              .where(inArray(users.id, [...ids]))
          ).map((u) => [u.id, u.email]),
    );
    const subjects = new Set(rows.flatMap((row) => (row.subjectId === null ? [] : [row.subjectId])));
    if (subjectId !== null) subjects.add(subjectId);
    await appendAudit(
      tx,
      { actorId: null, actorRole: 'staff', ip: null, userAgent: `audit:read (${query.operator.trim()})`.slice(0, 300) },
      [...subjects].map((id) => ({
        action: 'staff_audit_read' as const,
        subjectId: id,
        details: {
          operator: query.operator.trim().slice(0, 100),
          entries: rows.filter((r) => r.subjectId === id).length,
        },
      })),
    );
    return rows.map((row) => ({
      ...row,
      actorEmail: row.actorId === null ? null : (emails.get(row.actorId) ?? null),
      subjectEmail: row.subjectId === null ? null : (emails.get(row.subjectId) ?? null),
    }));
  });
}

const person = (id: number | null, email: string | null) => (id === null ? '' : email ? `#${id} ${email}` : `#${id}`);

/** The entries as JSON (one array, ISO times) or as an aligned text table for a terminal. */
export function formatAuditLines(lines: readonly TAuditLine[], format: 'json' | 'table'): string {
  if (format === 'json') {
    return JSON.stringify(
      lines.map((line) => ({
        id: line.id,
        at: line.at.toISOString(),
        kind: line.kind,
        action: line.action,
        actor: { id: line.actorId, role: line.actorRole, email: line.actorEmail },
        subject: { id: line.subjectId, email: line.subjectEmail },
        ip: line.ip,
        user_agent: line.userAgent,
        details: line.details,
      })),
      null,
      2,
    );
  }
  const header = ['at', 'kind', 'action', 'actor', 'subject', 'ip', 'details'];
  const rows = lines.map((line) => [
    line.at.toISOString(),
    line.kind,
    line.action,
    `${line.actorRole} ${person(line.actorId, line.actorEmail)}`.trim(),
    person(line.subjectId, line.subjectEmail),
    line.ip ?? '',
    line.details ? JSON.stringify(line.details) : '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const render = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    render(header),
    render(widths.map((w) => '-'.repeat(w))),
    ...rows.map(render),
    `${lines.length} entries`,
  ].join('\n');
}
