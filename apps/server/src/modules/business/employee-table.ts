import type { TEmployeeSortField, TStatCell } from '@therapy/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { MONTHS, monthsBegun, QUARTERS } from './calendar.ts';
import { BLOCKED_TOOLTIP, blank, cell, HIDDEN_USAGE_DESCRIPTION } from './privacy.ts';

export const EMPLOYEE_HEADERS = ['E-mail', 'Проведено сессий', 'Расходы, ₽', 'Статус', ...MONTHS.map((m) => m.title)];
const STATUS_TITLES = { active: 'Зарегистрирован', invited: 'Приглашён', left: 'Уволен' } as const;

export type TEmployeeUsageRow = {
  id: number;
  email: string;
  promocodes_blocked: boolean;
  shared: boolean;
  status: keyof typeof STATUS_TITLES;
  done: number | null;
  spent_minor: string | number | null;
  months: (number | null)[] | null;
};

export type TEmployeeFilter = {
  businessId: number;
  year: number;
  emailContains?: string | undefined;
  /** Today as YYYY-MM-DD: who has left by now. */
  today: string;
};

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: TEmployeeFilter): SQL {
  const search = f.emailContains ? sql` and lower(e.email) like ${likePattern(f.emailContains)} escape '\\'` : sql``;
  return sql`e.business_id = ${f.businessId}
    and e.joined_on <= make_date(${f.year}::int, 12, 31)
    and (e.left_on is null or e.left_on >= make_date(${f.year}::int, 1, 1))${search}`;
}

/**
 * The sort of each column. Usage of an employee who did not consent is null and sorts last either
 * way, so an order can never reveal what the cells hide.
 */
const ORDER: Record<TEmployeeSortField, string> = {
  users_email: 'lower(email)',
  sessions_done: 'done',
  spent: 'spent_minor',
  status: 'status',
  ...Object.fromEntries(MONTHS.map((m) => [`month_${m.number}`, `months[${m.number}]`])),
} as Record<TEmployeeSortField, string>;

/** Employees of a business in a year with their own usage, sorted and paged in SQL. */
export async function selectEmployeeUsage(
  db: TDb,
  f: TEmployeeFilter,
  page: { sortField: TEmployeeSortField; sortDirection: 'asc' | 'desc'; limit: number; offset: number },
): Promise<TEmployeeUsageRow[]> {
  const direction = sql.raw(page.sortDirection === 'asc' ? 'asc' : 'desc');
  const status = sql`case when e.left_on is not null and e.left_on < ${f.today}::date then 'left'
    when e.user_id is not null then 'active' else 'invited' end`;
  // One summed row per person and year (summarizeBusinessUsage), not their months.
  const usageOf = (scope: SQL) => sql`
    select employee_id, sessions_done as done, spent_minor, months_done as months
    from business_usage_years where business_id = ${f.businessId} and year = ${f.year} and ${scope}`;
  const columns = sql`e.id, e.email, e.promocodes_blocked, e.usage_consent_at is not null as shared, ${status} as status,
    case when e.usage_consent_at is not null then coalesce(u.done, 0) end as done,
    case when e.usage_consent_at is not null then coalesce(u.spent_minor, 0) end as spent_minor,
    case when e.usage_consent_at is not null then coalesce(u.months, array_fill(0, array[12])) end as months`;
  const order = sql.raw(ORDER[page.sortField]);

  // Sorted by e-mail or status, the page is cut from the employees alone and only its people's
  // usage is summed: a deep page or a report batch stays cheap whatever the staff size.
  if (page.sortField === 'users_email' || page.sortField === 'status') {
    const pageOrder = page.sortField === 'users_email' ? sql`lower(e.email)` : status;
    return queryRows<TEmployeeUsageRow>(
      db,
      sql`with p as (
        select e.id from employees e where ${whereOf(f)}
        order by ${pageOrder} ${direction}, e.id limit ${page.limit} offset ${page.offset}
      )
      select * from (
        select ${columns}
        from p join employees e on e.id = p.id
        left join (${usageOf(sql`employee_id in (select id from p)`)}) u on u.employee_id = e.id
      ) t
      order by ${order} ${direction} nulls last, id`,
    );
  }
  return queryRows<TEmployeeUsageRow>(
    db,
    sql`select * from (
      select ${columns}
      from employees e
      left join (${usageOf(sql`true`)}) u on u.employee_id = e.id
      where ${whereOf(f)}
    ) t
    order by ${order} ${direction} nulls last, id
    limit ${page.limit} offset ${page.offset}`,
  );
}

export async function countEmployees(db: TDb, f: TEmployeeFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from employees e where ${whereOf(f)}`);
  return row?.n ?? 0;
}

/** The row's cells in header order; a month not begun yet is blank, hidden usage is blank with the reason. */
export function employeeCells(row: TEmployeeUsageRow, year: number, now: Date): TStatCell[] {
  const begun = monthsBegun(year, now);
  const hidden = () => cell(null, HIDDEN_USAGE_DESCRIPTION);
  const months = row.months ?? [];
  return [
    cell(row.email, row.promocodes_blocked ? BLOCKED_TOOLTIP : null),
    row.shared ? cell(row.done ?? 0) : hidden(),
    row.shared ? cell(Math.round(Number(row.spent_minor ?? 0) / 100)) : hidden(),
    cell(STATUS_TITLES[row.status]),
    ...MONTHS.map((m) => (m.number > begun ? blank() : row.shared ? cell(months[m.number - 1] ?? 0) : hidden())),
  ];
}

/** One cell per quarter for a row: sessions done in the quarter's months. */
export function employeeQuarterCells(row: TEmployeeUsageRow, year: number, now: Date): TStatCell[] {
  const begun = monthsBegun(year, now);
  const months = row.months ?? [];
  return QUARTERS.map((q) => {
    if ((q.months[0] ?? 13) > begun) return blank();
    if (!row.shared) return cell(null, HIDDEN_USAGE_DESCRIPTION);
    return cell(q.months.reduce((sum, m) => sum + (months[m - 1] ?? 0), 0));
  });
}
