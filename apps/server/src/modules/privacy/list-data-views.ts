import { AUDIT_ACTIONS, type TAuditAction, type TDataViewsResponse } from '@therapy/contract';
import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { auditLog, businesses, type TUserRow, users } from '../../db/schema/index.ts';

/** How many reads the list shows: the latest ones. */
export const DATA_VIEWS_LIMIT = 200;

const VIEWER_KINDS = new Set(['therapist', 'business_account', 'staff']);

/**
 * «Кто видел мои данные»: the reads of the client's data by someone else, newest first, from the
 * audit trail. A therapist is named as the client knows them; a business account by the
 * company the read was about.
 */
export async function listDataViews(ctx: Pick<TAppContext, 'db'>, client: TUserRow): Promise<TDataViewsResponse> {
  const rows = await ctx.db
    .select({
      at: auditLog.at,
      action: auditLog.action,
      actorRole: auditLog.actorRole,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: businesses.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(businesses, eq(businesses.id, sql`(${auditLog.details}->>'business')::int`))
    .where(
      and(
        eq(auditLog.subjectId, client.id),
        eq(auditLog.kind, 'read'),
        // Support reads from the operator command, with no account of its own (see the README's Privacy).
        or(eq(auditLog.actorRole, 'staff'), and(isNotNull(auditLog.actorId), ne(auditLog.actorId, client.id))),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(DATA_VIEWS_LIMIT);
  return {
    views: rows.flatMap((row) => {
      const action = row.action as TAuditAction;
      if (!(action in AUDIT_ACTIONS) || !VIEWER_KINDS.has(row.actorRole)) return [];
      const kind = row.actorRole as 'therapist' | 'business_account' | 'staff';
      return [
        {
          at: row.at.toISOString(),
          viewer: { kind, name: viewerName(kind, row) },
          action,
          label: AUDIT_ACTIONS[action].label,
        },
      ];
    }),
  };
}

/** The viewer's own name, which the screen words by kind: a therapist's full name, the company's name, or none for support. */
function viewerName(
  kind: 'therapist' | 'business_account' | 'staff',
  row: { firstName: string | null; lastName: string | null; businessName: string | null },
): string {
  if (kind === 'staff') return '';
  if (kind === 'business_account') return row.businessName ?? '';
  return [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
}
