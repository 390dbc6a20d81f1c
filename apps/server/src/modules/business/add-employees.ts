import type { TAddEmployeesResponse } from '@therapy/contract';
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import { employees, type TUserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { loadOwnBusiness } from './load-business.ts';
import type { TUploadedRow } from './parse-employee-file.ts';

const ZEmail = z.email();

/**
 * Adds employees by e-mail to a business: every row is checked (format, repeated in the list,
 * already on this staff, already on another business's staff) and the accepted ones are added
 * together in one transaction with their invitation mails, so a failure adds nobody. A person
 * who already has a client account is linked to it at once.
 */
export async function addEmployees(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  hashid: string,
  rows: readonly TUploadedRow[],
  now = new Date(),
): Promise<TAddEmployeesResponse> {
  const business = await loadOwnBusiness(ctx, account, hashid);
  const today = now.toISOString().slice(0, 10);
  const refused: TAddEmployeesResponse['refused'] = [];
  const candidates: TUploadedRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    const email = r.email.toLowerCase();
    if (!ZEmail.safeParse(email).success) {
      refused.push({ ...r, reason: 'Некорректный e-mail' });
      continue;
    }
    const first = firstRowOf.get(email);
    if (first !== undefined) {
      refused.push({ ...r, reason: `Повторяет строку ${first}` });
      continue;
    }
    firstRowOf.set(email, r.row);
    candidates.push({ row: r.row, email });
  }

  const emails = candidates.map((c) => c.email);
  const taken = new Map<string, 'here' | 'elsewhere'>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const existing = await ctx.db
      .select({ email: sql<string>`lower(${employees.email})`, businessId: employees.businessId })
      .from(employees)
      .where(
        and(
          inArray(sql`lower(${employees.email})`, chunk),
          or(eq(employees.businessId, business.id), isNull(employees.leftOn), gte(employees.leftOn, today)),
        ),
      );
    for (const e of existing)
      if (taken.get(e.email) !== 'here') taken.set(e.email, e.businessId === business.id ? 'here' : 'elsewhere');
  }
  const accepted: TUploadedRow[] = [];
  for (const c of candidates) {
    const where = taken.get(c.email);
    if (where === 'here') refused.push({ ...c, reason: 'Уже в списке сотрудников этой компании' });
    else if (where === 'elsewhere') refused.push({ ...c, reason: 'Уже сотрудник другой компании' });
    else accepted.push(c);
  }

  if (accepted.length) {
    try {
      await ctx.db.transaction(async (tx) => {
        for (let i = 0; i < accepted.length; i += 1000) {
          const chunk = accepted.slice(i, i + 1000);
          const clients = await tx
            .select({ id: users.id, email: sql<string>`lower(${users.email})` })
            .from(users)
            .where(
              and(
                inArray(
                  sql`lower(${users.email})`,
                  chunk.map((c) => c.email),
                ),
                eq(users.role, 'client'),
              ),
            );
          const clientOf = new Map(clients.map((c) => [c.email, c.id]));
          const inserted = await tx
            .insert(employees)
            .values(
              chunk.map((c) => ({
                businessId: business.id,
                email: c.email,
                userId: clientOf.get(c.email) ?? null,
                joinedOn: today,
                invitedAt: now,
              })),
            )
            .returning({ id: employees.id, userId: employees.userId });
          for (const e of inserted) {
            if (e.userId !== null) continue;
            await scheduleJob(tx, {
              kind: 'email.business_invite',
              dedupeKey: `business-invite:${e.id}`,
              payload: { employee_id: e.id },
            });
          }
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('conflict', 'Список сотрудников изменился во время загрузки: загрузите файл ещё раз');
      }
      throw error;
    }
  }
  refused.sort((x, y) => x.row - y.row);
  return { accepted, refused };
}
