import {
  BUSINESS_SUPPRESSED_VALUE,
  buildPath,
  routes,
  type TRouteName,
  ZBusinessStatsSchema,
  ZEmployeeStatsSchema,
} from '@therapy/contract';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, videoEvents, videoRatings } from '../../db/schema/index.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';
import { createBusinessWorld } from '../../test/business-world.ts';
import { businessJobHandlers } from './job-handlers.ts';
import { rebuildBusinessUsage } from './rebuild-usage.ts';

/**
 * Issue 14's re-check of the employer's view: every route a business account can call, walked from the contract,
 * is called with a world whose employees have everything clinical there is (a therapist with a name of their own,
 * questionnaire topics, session times, rating comments, a therapist's note), and no answer may hold any of it.
 * Then: what the tables show must not let the employer work out the usage of someone who keeps it private, and
 * groups under five stay hidden.
 */
let t: TTestApp;
let world: Awaited<ReturnType<typeof createBusinessWorld>>;
let session: TSignedIn;
const CLINICAL: string[] = [];

const THERAPIST = { firstName: 'Евлампия', lastName: 'Зиновьева-Клиническая' };
const TOPICS = ['panic', 'Панические атаки', 'burnout', 'Выгорание'];
const COMMENT = 'Психолог помог справиться с паникой';
const NOTE = 'ЗАМЕТКА-ТЕРАПЕВТА: тревога, бессонница';

beforeAll(async () => {
  t = await buildTestApp();
  world = await createBusinessWorld(t);
  const db = t.ctx.db;
  const therapist = await createTherapist(db, THERAPIST);
  const clients = [...world.sharing.map((s) => s.client), world.privateEmployee.client, world.smallEmployee.client];
  let minute = 0;
  for (const client of clients) {
    // Odd minutes, so a time in any answer would stand out.
    const startsAt = new Date(Date.UTC(2025, 3, 7 + minute, 8, 17 + minute));
    minute += 1;
    const slot = await createSlot(db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt,
      status: 'completed',
    });
    await db.insert(clientProfiles).values({ userId: client.id, topicCodes: ['panic', 'burnout'] });
    await db.insert(videoRatings).values({ slotId: slot.id, userId: client.id, rating: 2, comment: COMMENT });
    await db
      .insert(videoEvents)
      .values({ slotId: slot.id, userId: therapist.id, source: 'therapist_analytics', type: 'note', message: NOTE });
    const iso = startsAt.toISOString();
    CLINICAL.push(iso, iso.slice(0, 16), iso.slice(0, 10), iso.slice(0, 10).split('-').reverse().join('.'));
  }
  // The world's own sessions (March 2025) are clinical too: their days and times.
  CLINICAL.push('2025-03-03', '03.03.2025', 'T06:00', 'T07:00');
  CLINICAL.push(THERAPIST.firstName, THERAPIST.lastName, ...TOPICS, COMMENT, NOTE, 'тревога', 'бессонница');
  await rebuildBusinessUsage(db, world.businessA.row.id, new Date('2026-01-10T09:30:00Z'));
  await rebuildBusinessUsage(db, world.businessB.row.id, new Date('2026-01-10T09:30:00Z'));
  session = await signIn(t.app, world.accountA.email);
});
afterAll(() => t.app.close());

const business = () => world.businessA.id;

/** The requests that exercise each business route (several where a query changes what comes back). */
const CALLS: Partial<Record<TRouteName, () => Promise<InjectOptions[]>>> = {
  currentBusinessAccount: async () => [{ url: routes.currentBusinessAccount.path }],
  businesses: async () => [{ url: routes.businesses.path }],
  businessStatistics: async () => [
    { url: `${buildPath(routes.businessStatistics.path, { id: business() })}?year=2025` },
    { url: buildPath(routes.businessStatistics.path, { id: business() }) },
  ],
  businessEmployees: async () => {
    const url = buildPath(routes.businessEmployees.path, { id: business() });
    return [
      { url: `${url}?year=2025` },
      { url: `${url}?year=2025&page=2` },
      { url: `${url}?year=2025&sort_field=month_4&sort_direction=desc` },
      { url: `${url}?year=2025&email_cont=${world.tag}` },
    ];
  },
  addBusinessEmployees: async () => [
    {
      method: 'POST',
      url: buildPath(routes.addBusinessEmployees.path, { id: business() }),
      payload: { email: world.sharing[0]?.client.email ?? '' },
    },
  ],
  usersBlacklists: async () => [
    {
      method: 'POST',
      url: buildPath(routes.usersBlacklists.path, { id: business() }),
      payload: { employee_id: t.ctx.hashids.encode('employee', world.sharing[0]?.employee.id ?? 0), blocked: true },
    },
  ],
  createEmployeesReport: async () => [reportRequest()],
  employeesReport: async () => {
    const id = await readyReport();
    return [{ url: buildPath(routes.employeesReport.path, { id: business(), report_id: id }) }];
  },
  employeesReportFile: async () => {
    const id = await readyReport();
    const url = buildPath(routes.employeesReportFile.path, { id: business(), report_id: id });
    return [{ url: `${url}?format=csv` }, { url: `${url}?format=xlsx` }];
  },
  setLanguage: async () => [{ method: 'PUT', url: routes.setLanguage.path, payload: { language: 'ru' } }],
  activeSessions: async () => [{ url: routes.activeSessions.path }],
  endActiveSession: async () => [{ method: 'DELETE', url: buildPath(routes.endActiveSession.path, { id: 'none' }) }],
  endOtherSessions: async () => [{ method: 'POST', url: routes.endOtherSessions.path }],
  changePassword: async () => [
    { method: 'POST', url: routes.changePassword.path, payload: { current_password: 'wrong', new_password: 'x' } },
  ],
  businessLogout: async () => [],
};

const reportRequest = (): InjectOptions => ({
  method: 'POST',
  url: buildPath(routes.createEmployeesReport.path, { id: business() }),
  payload: { year: 2025, view: 'months' },
});

let report: string | null = null;
async function readyReport(): Promise<string> {
  if (report) return report;
  const created = await t.app.inject({ ...reportRequest(), headers: session.headers });
  report = created.json().id as string;
  await runDueJobs(businessJobHandlers(t.ctx));
  return report;
}

/** An answer as text: JSON or CSV as sent, an XLSX workbook as the text of its cells. */
async function textOf(response: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) {
  if (!String(response.headers['content-type']).includes('spreadsheetml')) return response.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const sheet of workbook.worksheets) {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.text));
      });
    });
  }
  return cells.join('\n');
}

describe('the employer’s view holds nothing clinical', () => {
  it('has a call for every route a business account can use', () => {
    const business = Object.entries(routes)
      .filter(([, def]) => def.roles !== 'public' && (def.roles as readonly string[]).includes('business_account'))
      .map(([name]) => name)
      .sort();
    expect(Object.keys(CALLS).sort()).toEqual(business);
  });

  it('answers every business route without a therapist’s name, a topic, a session time, a rating comment or a note', async () => {
    let answers = 0;
    for (const [name, calls] of Object.entries(CALLS)) {
      for (const call of await (calls as () => Promise<InjectOptions[]>)()) {
        const response = await t.app.inject({ ...call, headers: session.headers });
        expect(response.statusCode, `${name} ${call.url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        const text = await textOf(response);
        for (const clinical of CLINICAL) expect(text, `${name} ${call.url}`).not.toContain(clinical);
        answers += 1;
      }
    }
    expect(answers).toBeGreaterThan(15);
  });

  it('does not let the employer subtract the shown rows from the totals to learn a private employee’s usage', async () => {
    const url = buildPath(routes.businessStatistics.path, { id: business() });
    const stats = ZBusinessStatsSchema.parse(
      (await t.app.inject({ url: `${url}?year=2025`, headers: session.headers })).json(),
    );
    const rows = [];
    for (const page of [1, 2]) {
      const table = ZEmployeeStatsSchema.parse(
        (
          await t.app.inject({
            url: `${buildPath(routes.businessEmployees.path, { id: business() })}?year=2025&page=${page}`,
            headers: session.headers,
          })
        ).json(),
      );
      rows.push(...table.rows);
    }
    const shown = rows.filter((row) => row.usage_shared);
    const sum = (column: number) => shown.reduce((total, row) => total + Number(row.cells[column]?.value ?? 0), 0);
    const figure = (title: string) => stats.rows.find((row) => row[0]?.value === title) ?? [];
    // A total either is hidden or is exactly what the shown rows add up to: nothing is left over to attribute.
    const check = (total: unknown, shownSum: number, what: string) => {
      if (total === BUSINESS_SUPPRESSED_VALUE) return;
      expect(total, what).toBe(shownSum);
    };
    check(figure('Сессии проведены')[1]?.value, sum(1), 'sessions done in the year');
    check(figure('Расходы компании, ₽')[1]?.value, sum(2), 'spend in the year');
    for (let month = 1; month <= 12; month += 1) {
      check(figure('Сессии проведены')[3 + month]?.value, sum(3 + month), `sessions done in month ${month}`);
    }
  });

  it('hides every usage figure of a business with fewer than five employees taking part', async () => {
    const small = await signIn(t.app, world.accountB.email);
    const url = buildPath(routes.businessStatistics.path, { id: world.businessB.id });
    const stats = ZBusinessStatsSchema.parse(
      (await t.app.inject({ url: `${url}?year=2025`, headers: small.headers })).json(),
    );
    for (const row of stats.rows.filter((r) => r[0]?.value !== 'Сотрудники в программе')) {
      for (const cell of row.slice(1))
        expect([BUSINESS_SUPPRESSED_VALUE, 0, null], String(row[0]?.value)).toContain(cell.value);
    }
  });

  it('takes an employee who withdraws the employer’s view out of the totals at once, not at the next rebuild', async () => {
    const leaving = world.sharing[4];
    if (!leaving) throw new Error('no fifth sharing employee');
    const own = await signIn(t.app, leaving.client.email);
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: buildPath(routes.withdrawConsent.path, { kind: 'employer_usage' }),
      headers: own.headers,
    });
    expect(withdrawn.statusCode).toBe(200);
    const url = `${buildPath(routes.businessStatistics.path, { id: business() })}?year=2025`;
    const stats = ZBusinessStatsSchema.parse((await t.app.inject({ url, headers: session.headers })).json());
    // Four who share are left: under the threshold, so every usage total is hidden now.
    const done = stats.rows.find((row) => row[0]?.value === 'Сессии проведены');
    expect(done?.[1]?.value).toBe(BUSINESS_SUPPRESSED_VALUE);
  });
});
