import type { TUsersBlacklistRequest, TUsersBlacklistResponse } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { employees, type TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadOwnBusiness } from './load-business.ts';

/**
 * Blocks or unblocks an employee from using any promo code (spec §6). The client side reads the
 * same flag when a code is applied or a pass bought and refuses with `promocode_blocked`.
 */
export async function setPromocodesBlocked(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  hashid: string,
  body: TUsersBlacklistRequest,
): Promise<TUsersBlacklistResponse> {
  const business = await loadOwnBusiness(ctx, account, hashid);
  const employeeId = ctx.hashids.decode('employee', body.employee_id);
  const notFound = () => new AppError('not_found', 'Сотрудник не найден', { employee_id: 'Сотрудник не найден' });
  if (employeeId === null) throw notFound();
  const [updated] = await ctx.db
    .update(employees)
    .set({ promocodesBlocked: body.blocked })
    .where(and(eq(employees.id, employeeId), eq(employees.businessId, business.id)))
    .returning({ id: employees.id, blocked: employees.promocodesBlocked });
  if (!updated) throw notFound();
  return { employee_id: body.employee_id, promocodes_blocked: updated.blocked };
}
