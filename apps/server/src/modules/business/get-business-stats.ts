import type { TBusinessStats, TStatCell } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { currentMonthNumber, MONTHS, monthsBegun, QUARTERS, yearMonthOf } from './calendar.ts';
import { loadOwnBusiness } from './load-business.ts';
import { blank, cell, usageCell } from './privacy.ts';

export const STATS_HEADERS = [
  'Показатель',
  'За год',
  'В среднем в месяц',
  'Сотрудников',
  ...MONTHS.map((m) => m.title),
];

type TTotals = { people: number; booked: number; done: number; cancelled: number; spent_minor: number };
type TGroupRow = TTotals & { month: number | null; quarter: number | null; level: 'month' | 'quarter' | 'year' };

/** In the order of BUSINESS_STATS_ROWS (after the staff row), which clients find the rows by. */
const USAGE_FIGURES = [
  { title: 'Сессии забронированы', description: 'Все забронированные сессии, включая отменённые позже', key: 'booked' },
  { title: 'Сессии проведены', description: 'Сессии, которые состоялись', key: 'done' },
  { title: 'Сессии отменены', description: 'Отменённые сотрудниками или психологами', key: 'cancelled' },
  { title: 'Расходы компании, ₽', description: 'Оплачено компанией: проведённые и пропущенные сессии', key: 'spent' },
] as const;

const figureOf = (t: TTotals, key: (typeof USAGE_FIGURES)[number]['key']) =>
  key === 'spent' ? Math.round(t.spent_minor / 100) : t[key];

/**
 * The statistics page of one business for a year (spec §3 "Business stats"): headcount and usage
 * by month, with the quarters view beside. Usage comes summed per month, quarter and year
 * (business_usage_periods), so the employer never receives a per-person figure here.
 */
export async function getBusinessStats(
  ctx: Pick<TAppContext, 'db' | 'hashids'>,
  account: TUserRow,
  hashid: string,
  query: { year?: number | undefined },
  now = new Date(),
): Promise<TBusinessStats> {
  const business = await loadOwnBusiness(ctx, account, hashid);
  const year = query.year ?? yearMonthOf(now).year;
  const begun = monthsBegun(year, now);

  // Summed at each rebuild (summarizeBusinessUsage): a few rows whatever the staff size.
  const groups = await queryRows<TGroupRow>(
    ctx.db,
    sql`select level, case when level = 'month' then number end as month,
        case when level = 'quarter' then number end as quarter, people,
        sessions_booked as booked, sessions_done as done, sessions_cancelled as cancelled, spent_minor
      from business_usage_periods where business_id = ${business.id} and year = ${year}`,
  );
  const monthly = new Map<number, TTotals>();
  const quarterly = new Map<number, TTotals>();
  let yearly: TTotals | null = null;
  for (const g of groups) {
    const totals = { ...g, spent_minor: Number(g.spent_minor) };
    if (g.level === 'month' && g.month !== null) monthly.set(Number(g.month), totals);
    else if (g.level === 'quarter' && g.quarter !== null) quarterly.set(Number(g.quarter), totals);
    else if (g.level === 'year' && g.booked + g.done + g.cancelled + Number(g.spent_minor) > 0) yearly = totals;
  }

  // Headcount by month and for the year in one pass over the staff.
  const activeIn = (from: string, until: string) =>
    `count(*) filter (where joined_on <= ${until} and (left_on is null or left_on >= ${from}))::int`;
  const monthStart = (m: number) => `make_date(${year}, ${m}, 1)`;
  const monthEnd = (m: number) => `(make_date(${year}, ${m}, 1) + interval '1 month - 1 day')::date`;
  const staffColumns = sql.raw(
    [
      ...MONTHS.map((m) => `${activeIn(monthStart(m.number), monthEnd(m.number))} as m${m.number}`),
      `${activeIn(monthStart(1), `make_date(${year}, 12, 31)`)} as year`,
    ].join(', '),
  );
  const [staff] = await queryRows<Record<string, number>>(
    ctx.db,
    sql`select ${staffColumns} from employees where business_id = ${business.id}`,
  );
  const staffOfYear = { staff: staff?.year ?? 0 };
  const staffByMonth = new Map(MONTHS.map((m) => [m.number, staff?.[`m${m.number}`] ?? 0]));

  const meta = {
    year,
    months: MONTHS,
    current_month_number: currentMonthNumber(year, now),
    last_page_updated_at: business.usageUpdatedAt?.toISOString() ?? null,
  };
  const titles = [
    cell('Сотрудники в программе', 'Сотрудники компании в этом месяце'),
    ...USAGE_FIGURES.map((f) => cell(f.title, f.description)),
  ];

  // Spec §4: a year without data shows zeros in the first column and blanks elsewhere.
  if (!yearly) {
    const emptyRow = (title: TStatCell) => [title, cell(0), ...Array.from({ length: 2 + 12 }, blank)];
    return {
      ...meta,
      empty_data: true,
      headers: STATS_HEADERS,
      rows: titles.map(emptyRow),
      quarters: QUARTERS.map((q) => ({ ...q, cells: titles.map(blank) })),
    };
  }
  const y: TTotals = yearly;

  const monthCells = (pick: (t: TTotals) => TStatCell, staff = false) =>
    MONTHS.map(({ number }) => {
      if (number > begun) return blank();
      if (staff) return cell(staffByMonth.get(number) ?? 0);
      return pick(monthly.get(number) ?? { people: 0, booked: 0, done: 0, cancelled: 0, spent_minor: 0 });
    });
  const staffAverage = begun
    ? Math.round([...staffByMonth.entries()].filter(([m]) => m <= begun).reduce((s, [, n]) => s + n, 0) / begun)
    : 0;
  const staffRow = [
    titles[0] as TStatCell,
    cell(staffOfYear?.staff ?? 0),
    cell(staffAverage),
    cell(staffOfYear?.staff ?? 0),
    ...monthCells(() => blank(), true),
  ];
  const usageRows = USAGE_FIGURES.map((figure, index) => [
    titles[index + 1] as TStatCell,
    usageCell(figureOf(y, figure.key), y.people),
    usageCell(begun ? Math.round(figureOf(y, figure.key) / begun) : 0, y.people),
    usageCell(y.people, y.people),
    ...monthCells((t) => usageCell(figureOf(t, figure.key), t.people)),
  ]);
  const quarterCells = (q: (typeof QUARTERS)[number]) => {
    const started = (q.months[0] ?? 13) <= begun;
    const totals = quarterly.get(q.number) ?? { people: 0, booked: 0, done: 0, cancelled: 0, spent_minor: 0 };
    const lastMonth = Math.min(begun, q.months[2] ?? 12);
    return [
      started ? cell(staffByMonth.get(lastMonth) ?? 0) : blank(),
      ...USAGE_FIGURES.map((f) => (started ? usageCell(figureOf(totals, f.key), totals.people) : blank())),
    ];
  };
  return {
    ...meta,
    empty_data: false,
    headers: STATS_HEADERS,
    rows: [staffRow, ...usageRows],
    quarters: QUARTERS.map((q) => ({ ...q, cells: quarterCells(q) })),
  };
}
