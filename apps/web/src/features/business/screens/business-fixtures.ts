import type { TBusinessStats, TEmployeeStats, TStatCell } from '@therapy/contract';

const MONTHS = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
];
const c = (value: TStatCell['value'], description: string | null = null): TStatCell => ({ value, description });
const months = MONTHS.map((title, index) => ({ number: index + 1, title }));
const quarters = (cells: TStatCell[][]) =>
  [1, 2, 3, 4].map((n) => ({
    number: n,
    title: ['I', 'II', 'III', 'IV'][n - 1] + ' квартал',
    months: [n * 3 - 2, n * 3 - 1, n * 3],
    cells: cells.map((row) => row[0] ?? c(null)),
  }));

export function makeEmployeeStats(overrides: Partial<TEmployeeStats> = {}): TEmployeeStats {
  const rows = [
    { id: 'e-1', email: 'anna@example.com', blocked: false, done: 4 },
    { id: 'e-2', email: 'boris@example.com', blocked: true, done: 2 },
  ].map((e) => ({
    id: e.id,
    promocodes_blocked: e.blocked,
    usage_shared: true,
    cells: [
      c(e.email, e.blocked ? 'Сотруднику запрещено использовать любой промокод' : null),
      c(e.done),
      c(e.done * 3500),
      c('Зарегистрирован'),
      ...MONTHS.map((_, i) => c(i === 2 ? e.done : 0)),
    ],
  }));
  return {
    year: 2026,
    headers: ['E-mail', 'Проведено сессий', 'Расходы, ₽', 'Статус', ...MONTHS],
    rows,
    months,
    quarters: quarters(rows.map(() => [c(1)])),
    sort_field: 'sessions_done',
    sort_direction: 'desc',
    meta: { total_pages: 3, total_count: 40, current_page: 1 },
    current_month_number: 3,
    last_page_updated_at: '2026-03-10T09:30:00.000Z',
    ...overrides,
  };
}

export function makeBusinessStats(overrides: Partial<TBusinessStats> = {}): TBusinessStats {
  const row = (title: string, values: TStatCell[]) => [c(title, 'пояснение'), ...values];
  const rows = [
    // In the server's order (BUSINESS_STATS_ROWS): the charts find the rows by their place.
    row('Сотрудники в программе', [c(3), c(3), c(3), ...MONTHS.map(() => c(3))]),
    row('Сессии забронированы', [c(9), c(3), c(3), ...MONTHS.map((_, i) => c(i < 3 ? 3 : null))]),
    row('Сессии проведены', [
      c('менее 5', 'Данных меньше чем по 5 сотрудникам'),
      c('менее 5', 'x'),
      c('менее 5', 'x'),
      ...MONTHS.map((_, i) => (i < 3 ? c(i === 1 ? 'менее 5' : 0, i === 1 ? 'x' : null) : c(null))),
    ]),
    row('Сессии отменены', [c(0), c(0), c(0), ...MONTHS.map((_, i) => c(i < 3 ? 0 : null))]),
    row('Расходы компании, ₽', [c(7000), c(2333), c(3), ...MONTHS.map((_, i) => c(i === 1 ? 7000 : i < 3 ? 0 : null))]),
  ];
  return {
    year: 2026,
    empty_data: false,
    headers: ['Показатель', 'За год', 'В среднем в месяц', 'Сотрудников', ...MONTHS],
    rows,
    months,
    quarters: quarters(rows.map(() => [c(5)])),
    current_month_number: 3,
    last_page_updated_at: '2026-03-10T09:30:00.000Z',
    ...overrides,
  };
}
