import {
  BUSINESS_STATS_ROWS,
  BUSINESS_SUPPRESSED_VALUE,
  BUSINESS_SUPPRESSED_VALUE_EN,
  EMPLOYEE_BLOCKED_TOOLTIP,
  isSuppressedValue,
  type TStatCell,
  ZApiErrorSchema,
  ZBusinessesResponseSchema,
  ZBusinessStatsSchema,
  ZEmployeeStatsSchema,
  ZUsersBlacklistResponseSchema,
} from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromocode } from '../../seed/commerce-factories.ts';
import { createClient } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';
import { createBusinessWorld } from '../../test/business-world.ts';

let t: TTestApp;
let world: Awaited<ReturnType<typeof createBusinessWorld>>;
let a: TSignedIn;
let b: TSignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  world = await createBusinessWorld(t);
  a = await signIn(t.app, world.accountA.email);
  b = await signIn(t.app, world.accountB.email);
});
afterAll(() => t.app.close());

const base = '/api/v1/business_accounts/businesses';
const get = (session: TSignedIn | null, url: string) =>
  t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });
const stats = async (session: TSignedIn, id: string, year: number) =>
  ZBusinessStatsSchema.parse((await get(session, `${base}/${id}/statistics?year=${year}`)).json());
const employeesPage = async (session: TSignedIn, id: string, query: string) => {
  const response = await get(session, `${base}/${id}/employees?${query}`);
  expect(response.statusCode).toBe(200);
  return ZEmployeeStatsSchema.parse(response.json());
};
const rowOf = (rows: TStatCell[][], title: string) => rows.find((r) => r[0]?.value === title);

describe('businesses', () => {
  it('lists only the account’s own businesses, with the years they have usage for', async () => {
    const response = await get(a, base);
    expect(response.statusCode).toBe(200);
    expect(ZBusinessesResponseSchema.parse(response.json())).toEqual([
      { id: world.businessA.id, name: 'ООО «Альфа»', years: [2025] },
    ]);
  });
});

describe('statistics', () => {
  it('sums usage by month and quarter with month headers from the fifth header', async () => {
    const body = await stats(a, world.businessA.id, 2025);
    expect(body.headers.slice(0, 4)).toEqual(['Показатель', 'За год', 'В среднем в месяц', 'Сотрудников']);
    expect(body.headers[4]).toBe('Январь');
    expect(body.headers).toHaveLength(16);
    expect(body.empty_data).toBe(false);
    expect(body.current_month_number).toBeNull();
    expect(body.last_page_updated_at).toBe('2026-01-10T09:30:00.000Z');
    const done = rowOf(body.rows, 'Сессии проведены');
    // Five who share their usage took part in March: at the threshold, so the numbers show. The sixth keeps their
    // two sessions private, and the totals leave them out (else the shown rows subtracted would give them away).
    expect(done?.[1]).toEqual({ value: 5, description: null });
    expect(done?.[3]).toEqual({ value: 5, description: null });
    expect(done?.[4 + 2]).toEqual({ value: 5, description: null });
    expect(done?.[4]).toEqual({ value: 0, description: null });
    expect(rowOf(body.rows, 'Расходы компании, ₽')?.[1]).toEqual({ value: 17_500, description: null });
    expect(rowOf(body.rows, 'Сотрудники в программе')?.[1]).toEqual({ value: 20, description: null });
    expect(body.quarters[0]).toMatchObject({ number: 1, title: 'I квартал', months: [1, 2, 3] });
    expect(body.quarters[0]?.cells[2]).toEqual({ value: 5, description: null });
  });

  it('shows «менее 5» for usage over fewer than five employees, and never per-person details', async () => {
    const body = await stats(b, world.businessB.id, 2025);
    const done = rowOf(body.rows, 'Сессии проведены');
    expect(done?.[1]?.value).toBe(BUSINESS_SUPPRESSED_VALUE);
    expect(done?.[1]?.description).toMatch(/5/);
    expect(done?.[4 + 2]?.value).toBe(BUSINESS_SUPPRESSED_VALUE);
    expect(body.quarters[0]?.cells[2]?.value).toBe(BUSINESS_SUPPRESSED_VALUE);
    // Headcount is not usage and shows as is; months without usage are plain zeros.
    expect(rowOf(body.rows, 'Сотрудники в программе')?.[1]?.value).toBe(2);
    expect(done?.[4]?.value).toBe(0);
    const text = JSON.stringify(body);
    expect(text).not.toContain(world.therapist.lastName);
    expect(text).not.toContain('2025-03-03');
  });

  it('answers an English-speaking account in English: headers, figures, months, quarters and the hidden cells', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base}/${world.businessB.id}/statistics?year=2025`,
      headers: { ...b.headers, 'accept-language': 'en-US,en;q=0.9,ru;q=0.5' },
    });
    expect(response.headers['content-language']).toBe('en');
    const body = ZBusinessStatsSchema.parse(response.json());
    expect(body.headers.slice(0, 5)).toEqual(['Figure', 'Year total', 'Monthly average', 'Employees', 'January']);
    expect(body.rows.map((r) => r[0]?.value)).toEqual([
      'Employees in the programme',
      'Sessions booked',
      'Sessions done',
      'Sessions cancelled',
      'Company spend, ₽',
    ]);
    // Clients find the rows by their place (BUSINESS_STATS_ROWS), whatever the titles' language.
    const done = body.rows[BUSINESS_STATS_ROWS.indexOf('done')];
    expect(done?.[1]).toEqual({
      value: BUSINESS_SUPPRESSED_VALUE_EN,
      description: 'Data on fewer than 5 employees: the figure is hidden so that they cannot be identified',
    });
    expect(isSuppressedValue(done?.[1]?.value)).toBe(true);
    expect(body.months.map((m) => m.title).slice(0, 2)).toEqual(['January', 'February']);
    expect(body.quarters.map((q) => q.title)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(JSON.stringify(body)).not.toMatch(/[\u0400-\u04FF]/);
  });

  it('answers a year without usage with zeros in the first column and blanks elsewhere', async () => {
    const body = await stats(a, world.businessA.id, 2023);
    expect(body.empty_data).toBe(true);
    for (const row of body.rows) {
      expect(row[1]).toEqual({ value: 0, description: null });
      expect(row.slice(2).every((c) => c.value === null)).toBe(true);
    }
  });
});

describe('employees', () => {
  it('pages, sorts by sessions done by default and hides the usage of those who did not consent', async () => {
    const first = await employeesPage(a, world.businessA.id, 'year=2025');
    expect(first.sort_field).toBe('sessions_done');
    expect(first.sort_direction).toBe('desc');
    expect(first.meta).toEqual({ total_pages: 2, total_count: 20, current_page: 1 });
    expect(first.rows).toHaveLength(16);
    expect(first.headers.slice(0, 4)).toEqual(['E-mail', 'Проведено сессий', 'Расходы, ₽', 'Статус']);
    const top = first.rows[0];
    expect(top?.usage_shared).toBe(true);
    expect(top?.cells[1]).toEqual({ value: 1, description: null });
    expect(top?.cells[4 + 2]).toEqual({ value: 1, description: null });
    const hidden = first.rows.find((r) => r.cells[0]?.value === world.privateEmployee.employee.email);
    // Two sessions would sort first: hidden usage sorts last so the order reveals nothing.
    expect(first.rows.indexOf(hidden as never)).toBeGreaterThan(4);
    expect(hidden?.usage_shared).toBe(false);
    expect(hidden?.cells[1]?.value).toBeNull();
    expect(hidden?.cells[1]?.description).toMatch(/согласия/);
    const second = await employeesPage(a, world.businessA.id, 'year=2025&page=2');
    expect(second.meta.current_page).toBe(2);
    expect(second.rows).toHaveLength(4);
  });

  it('answers an English-speaking account with English headers, statuses and reasons, the e-mails as they are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base}/${world.businessA.id}/employees?year=2025`,
      headers: { ...a.headers, 'accept-language': 'en' },
    });
    const page = ZEmployeeStatsSchema.parse(response.json());
    expect(page.headers.slice(0, 5)).toEqual(['E-mail', 'Sessions done', 'Spend, ₽', 'Status', 'January']);
    expect(new Set(page.rows.map((r) => r.cells[3]?.value))).toEqual(new Set(['Signed up', 'Invited']));
    const hidden = page.rows.find((r) => r.cells[0]?.value === world.privateEmployee.employee.email);
    expect(hidden?.cells[1]?.description).toBe('The employee has not agreed to show their usage to the employer');
    expect(JSON.stringify(page)).not.toMatch(/[\u0400-\u04FF]/);
  });

  it('searches by e-mail and sorts by any column', async () => {
    const found = await employeesPage(a, world.businessA.id, `year=2025&email_cont=${world.tag}-SHARE`);
    expect(found.meta.total_count).toBe(5);
    const byEmail = await employeesPage(
      a,
      world.businessA.id,
      `year=2025&email_cont=${world.tag}-share&sort_field=users_email&sort_direction=desc`,
    );
    expect(byEmail.rows.map((r) => r.cells[0]?.value)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `${world.tag}-share-${i}@example.test`),
    );
    const none = await employeesPage(a, world.businessA.id, 'year=2025&email_cont=nobody-like-this');
    expect(none.rows).toEqual([]);
    expect(none.meta).toEqual({ total_pages: 1, total_count: 0, current_page: 1 });
    const wildcard = await employeesPage(a, world.businessA.id, 'year=2025&email_cont=%25');
    expect(wildcard.meta.total_count).toBe(0);
    const bad = await get(a, `${base}/${world.businessA.id}/employees?sort_field=password_hash`);
    expect(bad.statusCode).toBe(422);
  });
});

describe('promo-code black-list', () => {
  it('blocks an employee, shows the tooltip, and the client side refuses their promo code', async () => {
    const target = world.sharing[0];
    const employeeId = t.ctx.hashids.encode('employee', target?.employee.id ?? 0);
    const code = await createPromocode(t.ctx.db, {});
    const client = await signIn(t.app, target?.client.email ?? '');
    const block = await t.app.inject({
      method: 'POST',
      url: `${base}/${world.businessA.id}/users_blacklists`,
      headers: a.headers,
      payload: { employee_id: employeeId, blocked: true },
    });
    expect(block.statusCode).toBe(200);
    expect(ZUsersBlacklistResponseSchema.parse(block.json())).toEqual({
      employee_id: employeeId,
      promocodes_blocked: true,
    });
    const page = await employeesPage(a, world.businessA.id, `year=2025&email_cont=${target?.client.email}`);
    expect(page.rows[0]?.promocodes_blocked).toBe(true);
    expect(page.rows[0]?.cells[0]?.description).toBe(EMPLOYEE_BLOCKED_TOOLTIP);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/promocode',
      headers: client.headers,
      payload: { code: code.code },
    });
    expect(refused.statusCode).toBe(403);
    expect(ZApiErrorSchema.parse(refused.json()).error.code).toBe('promocode_blocked');

    await t.app.inject({
      method: 'POST',
      url: `${base}/${world.businessA.id}/users_blacklists`,
      headers: a.headers,
      payload: { employee_id: employeeId, blocked: false },
    });
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/promocode',
      headers: client.headers,
      payload: { code: code.code },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses another business’s employee, a wrong body and a missing CSRF token', async () => {
    const foreign = t.ctx.hashids.encode('employee', world.smallEmployee.employee.id);
    const post = (payload: unknown, headers: Record<string, string> = a.headers) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/${world.businessA.id}/users_blacklists`,
        headers,
        payload: payload as Record<string, unknown>,
      });
    expect((await post({ employee_id: foreign, blocked: true })).statusCode).toBe(404);
    expect((await post({ employee_id: foreign })).statusCode).toBe(422);
    expect((await post({ employee_id: foreign, blocked: true }, { cookie: a.cookie })).statusCode).toBe(403);
  });
});

describe('tenant isolation and roles', () => {
  it('answers 404 for another account’s business on every route', async () => {
    const id = world.businessA.id;
    expect((await get(b, `${base}/${id}/statistics?year=2025`)).statusCode).toBe(404);
    expect((await get(b, `${base}/${id}/employees`)).statusCode).toBe(404);
    expect((await get(b, `${base}/not-an-id/employees`)).statusCode).toBe(404);
    const blocked = await t.app.inject({
      method: 'POST',
      url: `${base}/${id}/users_blacklists`,
      headers: b.headers,
      payload: { employee_id: t.ctx.hashids.encode('employee', world.sharing[1]?.employee.id ?? 0), blocked: true },
    });
    expect(blocked.statusCode).toBe(404);
  });

  it('answers 403 to clients and therapists and 401 without a session', async () => {
    const client = await createClient(t.ctx.db);
    const clientSession = await signIn(t.app, client.email);
    const therapistSession = await signIn(t.app, world.therapist.email);
    for (const url of [base, `${base}/${world.businessA.id}/statistics`, `${base}/${world.businessA.id}/employees`]) {
      expect((await get(clientSession, url)).statusCode).toBe(403);
      expect((await get(therapistSession, url)).statusCode).toBe(403);
      expect((await get(null, url)).statusCode).toBe(401);
    }
  });
});
