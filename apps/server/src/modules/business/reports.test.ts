import { ZBusinessReportSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessReports } from '../../db/schema/index.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createClient } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';
import { createBusinessWorld } from '../../test/business-world.ts';
import { businessJobHandlers } from './job-handlers.ts';
import { purgeExpiredReports } from './purge-expired-reports.ts';

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

const reportsUrl = () => `/api/v1/business_accounts/businesses/${world.businessA.id}/employees/reports`;
const request = async (session: TSignedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: reportsUrl(), headers: session.headers, payload });
const status = async (session: TSignedIn, id: string) =>
  t.app.inject({ method: 'GET', url: `${reportsUrl()}/${id}`, headers: session.headers });
const buildAll = () => runDueJobs(businessJobHandlers(t.ctx));

describe('employees reports', () => {
  it('builds a real XLSX (a sheet per view, formatted header, number formats, totals) and a CSV in the background', async () => {
    const created = await request(a, { year: 2025, view: 'quarters' });
    expect(created.statusCode).toBe(200);
    const report = ZBusinessReportSchema.parse(created.json());
    expect(report).toMatchObject({ status: 'pending', progress: 0, xlsx_url: null, year: 2025, view: 'quarters' });
    expect(Date.parse(report.expires_at) - Date.parse(report.created_at)).toBe(7 * 86_400_000);

    const early = await t.app.inject({
      method: 'GET',
      url: `${reportsUrl()}/${report.id}/file?format=xlsx`,
      headers: a.headers,
    });
    expect(early.statusCode).toBe(409);

    await buildAll();
    const ready = ZBusinessReportSchema.parse((await status(a, report.id)).json());
    expect(ready).toMatchObject({ status: 'done', progress: 100, rows_count: 20 });
    expect(ready.xlsx_url).toBe(`${reportsUrl()}/${report.id}/file?format=xlsx`);

    const xlsx = await t.app.inject({ method: 'GET', url: ready.xlsx_url ?? '', headers: a.headers });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['По кварталам', 'По месяцам']);
    const quarters = workbook.getWorksheet('По кварталам');
    const header = quarters?.getRow(1);
    expect(header?.values).toEqual([
      undefined,
      'E-mail',
      'Статус',
      'Проведено сессий',
      'Расходы, ₽',
      'I квартал',
      'II квартал',
      'III квартал',
      'IV квартал',
    ]);
    expect(header?.font?.bold).toBe(true);
    expect(quarters?.rowCount).toBe(22);
    const totals = quarters?.getRow(22);
    expect(totals?.getCell(1).value).toBe('Итого');
    expect(totals?.getCell(2).value).toBe('20 сотрудников');
    // Five employees share their usage (one session each); the sixth's sessions stay hidden.
    expect(totals?.getCell(3).value).toBe(5);
    expect(totals?.getCell(4).value).toBe(17_500);
    expect(totals?.getCell(5).value).toBe(5);
    expect(quarters?.getRow(2).getCell(4).numFmt).toContain('₽');
    const months = workbook.getWorksheet('По месяцам');
    expect(months?.getRow(1).getCell(5).value).toBe('Январь');
    expect(months?.getRow(22).getCell(7).value).toBe(5);

    const csv = await t.app.inject({ method: 'GET', url: ready.csv_url ?? '', headers: a.headers });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('E-mail;Статус;Проведено сессий;Расходы, ₽;I квартал;II квартал;III квартал;IV квартал');
    expect(lines).toHaveLength(21);
  });

  it('writes the file in the language of the one who asked, kept with the request until the build', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: reportsUrl(),
      headers: { ...a.headers, 'accept-language': 'en-US,en;q=0.9' },
      payload: { year: 2025, view: 'quarters' },
    });
    expect(created.statusCode).toBe(200);
    const report = ZBusinessReportSchema.parse(created.json());
    // The build runs later, with no request: a Russian request meanwhile changes nothing.
    expect((await status(a, report.id)).statusCode).toBe(200);
    await buildAll();
    const ready = ZBusinessReportSchema.parse((await status(a, report.id)).json());

    const xlsx = await t.app.inject({ method: 'GET', url: ready.xlsx_url ?? '', headers: a.headers });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['By quarter', 'By month']);
    const quarters = workbook.getWorksheet('By quarter');
    expect(quarters?.getRow(1).values).toEqual([
      undefined,
      'E-mail',
      'Status',
      'Sessions done',
      'Spend, ₽',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
    ]);
    const statuses = new Set(Array.from({ length: 20 }, (_, i) => quarters?.getRow(i + 2).getCell(2).value));
    expect([...statuses].every((v) => ['Signed up', 'Invited', 'Left'].includes(String(v)))).toBe(true);
    expect(quarters?.getRow(22).getCell(1).value).toBe('Total');
    expect(quarters?.getRow(22).getCell(2).value).toBe('20 employees');
    expect(workbook.getWorksheet('By month')?.getRow(1).getCell(5).value).toBe('January');

    const csv = await t.app.inject({ method: 'GET', url: ready.csv_url ?? '', headers: a.headers });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // English Excel splits at commas: the header with a comma is quoted.
    expect(lines[0]).toBe('E-mail,Status,Sessions done,"Spend, ₽",Q1,Q2,Q3,Q4');
    expect(csv.body).not.toMatch(/[\u0400-\u04FF]/);
  });

  it('lets only its business account see or fetch a report, and forgets it after 7 days', async () => {
    const report = ZBusinessReportSchema.parse((await request(a, { year: 2025, view: 'months' })).json());
    await buildAll();
    const file = `${reportsUrl()}/${report.id}/file?format=csv`;
    expect((await status(b, report.id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: file, headers: b.headers })).statusCode).toBe(404);
    expect((await request(b, { year: 2025, view: 'months' })).statusCode).toBe(404);
    const client = await signIn(t.app, (await createClient(t.ctx.db)).email);
    expect((await t.app.inject({ method: 'GET', url: file, headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(401);
    expect((await request(a, { year: 2025, view: 'weeks' })).statusCode).toBe(422);

    const id = t.ctx.hashids.decode('business_report', report.id) ?? 0;
    const [row] = await t.ctx.db.select().from(businessReports).where(eq(businessReports.id, id));
    await t.ctx.db
      .update(businessReports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessReports.id, id));
    expect((await t.app.inject({ method: 'GET', url: file, headers: a.headers })).statusCode).toBe(404);
    expect(await purgeExpiredReports(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.files.get(row?.csvKey ?? '')).toBeNull();
  });
});
