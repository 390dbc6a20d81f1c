import { EMPLOYEES_PAGE_SIZE, type TEmployeeStats, type TEmployeesQuery } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import type { TAuditOrigin } from '../../lib/audit.ts';
import { auditEmployeeReads } from './audit-reads.ts';
import { currentMonthNumber, MONTHS, QUARTERS, yearMonthOf } from './calendar.ts';
import {
  countEmployees,
  EMPLOYEE_HEADERS,
  employeeCells,
  employeeQuarterCells,
  selectEmployeeUsage,
} from './employee-table.ts';
import { loadOwnBusiness } from './load-business.ts';

/**
 * The employees page (spec §3 "Employee stats"): search by e-mail, sort by any column (sessions
 * done, most first, by default), pages of EMPLOYEES_PAGE_SIZE. The read of each shown client's
 * usage goes to the audit trail.
 */
export async function listEmployees(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  hashid: string,
  query: TEmployeesQuery,
  origin: TAuditOrigin,
  now = new Date(),
): Promise<TEmployeeStats> {
  const business = await loadOwnBusiness(ctx, account, hashid);
  const year = query.year ?? yearMonthOf(now).year;
  const sortField = query.sort_field ?? 'sessions_done';
  const sortDirection =
    query.sort_direction ?? (sortField === 'users_email' || sortField === 'status' ? 'asc' : 'desc');
  const filter = {
    businessId: business.id,
    year,
    emailContains: query.email_cont || undefined,
    today: now.toISOString().slice(0, 10),
  };
  const totalCount = await countEmployees(ctx.db, filter);
  const totalPages = Math.max(1, Math.ceil(totalCount / EMPLOYEES_PAGE_SIZE));
  const currentPage = Math.min(query.page ?? 1, totalPages);
  const rows = await selectEmployeeUsage(ctx.db, filter, {
    sortField,
    sortDirection,
    limit: EMPLOYEES_PAGE_SIZE,
    offset: (currentPage - 1) * EMPLOYEES_PAGE_SIZE,
  });
  await auditEmployeeReads(ctx.db, origin, {
    businessId: business.id,
    action: 'business_employees',
    details: { business: business.id, year },
    employeeIds: rows.map((row) => row.id),
  });
  const quarterCells = rows.map((row) => employeeQuarterCells(row, year, now));
  return {
    year,
    headers: EMPLOYEE_HEADERS,
    rows: rows.map((row) => ({
      id: ctx.hashids.encode('employee', row.id),
      promocodes_blocked: row.promocodes_blocked,
      usage_shared: row.shared,
      cells: employeeCells(row, year, now),
    })),
    months: MONTHS,
    quarters: QUARTERS.map((q, index) => ({
      ...q,
      cells: quarterCells.map((cells) => cells[index] ?? { value: null, description: null }),
    })),
    sort_field: sortField,
    sort_direction: sortDirection,
    meta: { total_pages: totalPages, total_count: totalCount, current_page: currentPage },
    current_month_number: currentMonthNumber(year, now),
    last_page_updated_at: business.usageUpdatedAt?.toISOString() ?? null,
  };
}
