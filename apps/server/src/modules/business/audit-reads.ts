import type { TAuditAction } from '@therapy/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { employees } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';

/**
 * Records that a business account saw its employees' usage: one entry per client whose usage
 * the view showed (those who shared it; the others' cells were hidden, nothing of theirs was read).
 * `employeeIds` narrows it to one page; without it, every employee of the business (a report).
 */
export async function auditEmployeeReads(
  db: TDb,
  origin: TAuditOrigin,
  read: { businessId: number; action: TAuditAction; details: Record<string, string | number>; employeeIds?: number[] },
): Promise<void> {
  if (read.employeeIds?.length === 0) return;
  const shown = await db
    .select({ userId: employees.userId })
    .from(employees)
    .where(
      and(
        eq(employees.businessId, read.businessId),
        isNotNull(employees.userId),
        isNotNull(employees.usageConsentAt),
        read.employeeIds ? inArray(employees.id, read.employeeIds) : undefined,
      ),
    );
  await appendAudit(
    db,
    origin,
    shown.map((row) => ({ action: read.action, subjectId: row.userId, details: read.details })),
  );
}
