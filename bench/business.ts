// The employer's pages at scale: a business of 20,000 employees with three years of usage, on a
// scratch PostgreSQL database (BENCH_PG_URL). Prints p50/p95/p99 of the statistics and employees
// pages (default, search, sort, a deep page), and the time and memory of a 20,000-row XLSX report
// built with exceljs' streaming writer. Asserts nothing.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { closeJobs, openJobs } from '../apps/server/src/lib/jobs.ts';
import { buildReport } from '../apps/server/src/modules/business/build-report.ts';
import { createReport } from '../apps/server/src/modules/business/create-report.ts';
import { summarizeBusinessUsage } from '../apps/server/src/modules/business/rebuild-usage.ts';
import { createBusiness, createBusinessAccount } from '../apps/server/src/seed/factories.ts';
import { measureReads, scratchPostgres } from './support.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const thisYear = new Date().getUTCFullYear();

const scratch = await scratchPostgres('therapy_bench_business');
const { database } = scratch;
try {
  const db = database.db;
  const account = await createBusinessAccount(db, { email: 'bench-business@example.test' });
  const business = await createBusiness(db, { accountUserId: account.id, startedOn: `${thisYear - 2}-01-01` });
  let t0 = performance.now();
  await db.execute(sql`
    insert into employees (business_id, email, joined_on, usage_consent_at, promocodes_blocked)
    select ${business.id}, 'emp-' || n || '@bench.example', make_date(${thisYear - 2}::int, 1, 1),
      case when n % 7 = 0 then null else now() end, n % 50 = 0
    from generate_series(1, ${EMPLOYEES}::int) as n`);
  // About 40 % of employee-months have usage: deterministic from the ids.
  await db.execute(sql`
    insert into business_usage_months
      (business_id, employee_id, year, month, sessions_booked, sessions_done, sessions_cancelled, spent_minor)
    select e.business_id, e.id, y, m, 1 + (e.id + m) % 4, (e.id + m) % 4, (e.id * m) % 2, ((e.id + m) % 4) * 350000
    from employees e, generate_series(${thisYear - 2}::int, ${thisYear}::int) as y, generate_series(1, 12) as m
    where e.business_id = ${business.id} and (e.id * 7 + m * 3 + y) % 5 < 2`);
  await summarizeBusinessUsage(db, business.id);
  await db.execute(sql`update businesses set usage_updated_at = now() where id = ${business.id}`);
  await db.execute(sql`analyze`);
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from business_usage_months`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(`seeded ${EMPLOYEES} employees, ${n} usage rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  await openJobs(database);
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SIGN_IN_RATE_LIMIT: '100000',
    PORT: '0',
    FILES_DIR: path.join(os.tmpdir(), `therapy-bench-files-${process.pid}`),
  });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${base}/api/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-business@example.test', password: 'demo-password' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const id = app.ctx.hashids.encode('business', business.id);
  const at = `/api/v1/business_accounts/businesses/${id}`;
  const year = thisYear - 1;
  console.log(`PostgreSQL, ${REQUESTS} requests each, concurrency ${CONCURRENCY}`);
  const measure = (label: string, url: string) =>
    measureReads(base, label, url, cookie, { requests: REQUESTS, concurrency: CONCURRENCY });
  await measure('statistics', `${at}/statistics?year=${year}`);
  await measure('employees, default sort', `${at}/employees?year=${year}`);
  await measure('employees, search', `${at}/employees?year=${year}&email_cont=emp-123`);
  await measure('employees, sort by e-mail', `${at}/employees?year=${year}&sort_field=users_email&sort_direction=asc`);
  await measure('employees, sort by a month', `${at}/employees?year=${year}&sort_field=month_7`);
  await measure('employees, page 1000', `${at}/employees?year=${year}&page=1000`);

  const report = await createReport(app.ctx, account, id, { year, view: 'quarters' }, 'ru');
  const reportId = app.ctx.hashids.decode('business_report', report.id) ?? 0;
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  t0 = performance.now();
  await buildReport(app.ctx, reportId);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const [row] = (
    (await db.execute(sql`select rows_count, xlsx_key from business_reports where id = ${reportId}`)) as unknown as {
      rows: { rows_count: number; xlsx_key: string }[];
    }
  ).rows;
  const file = await app.ctx.files.get(row?.xlsx_key ?? '');
  file?.stream.destroy();
  console.log(
    `XLSX report, ${row?.rows_count} rows × 2 sheets: ${(ms / 1000).toFixed(1)} s, ` +
      `${((file?.size ?? 0) / 1024 / 1024).toFixed(1)} MB, RSS ${(before.rss / 1048576).toFixed(0)} → peak ${(peakRss / 1048576).toFixed(0)} MB`,
  );
  await app.close();
  await closeJobs();
} finally {
  await scratch.drop();
}
