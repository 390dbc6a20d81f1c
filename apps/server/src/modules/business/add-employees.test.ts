import { ZAddEmployeesResponseSchema, ZEmployeeStatsSchema } from '@therapy/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createClient } from '../../seed/factories.ts';
import { buildTestApp, signIn, type TSignedIn, type TTestApp } from '../../test/app.ts';
import { createBusinessWorld } from '../../test/business-world.ts';
import { renderBusinessInvite } from '../notifications/render-business-invite.ts';

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

const url = () => `/api/v2/business_accounts/businesses/${world.businessA.id}/employees`;

/** A multipart body with one file, as a browser's FormData sends it. */
function multipart(filename: string, content: Buffer, type: string) {
  const boundary = `----test${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const staffOf = (businessId: number) =>
  t.ctx.db.select({ email: employees.email }).from(employees).where(eq(employees.businessId, businessId));

describe('adding employees', () => {
  it('adds one employee by e-mail and invites them by mail', async () => {
    const email = `${world.tag}-new@example.test`;
    const response = await t.app.inject({ method: 'POST', url: url(), headers: a.headers, payload: { email } });
    expect(response.statusCode).toBe(200);
    expect(ZAddEmployeesResponseSchema.parse(response.json())).toEqual({ accepted: [{ row: 1, email }], refused: [] });
    const [added] = await t.ctx.db
      .select()
      .from(employees)
      .where(and(eq(employees.businessId, world.businessA.row.id), eq(employees.email, email)));
    expect(added?.invitedAt).not.toBeNull();
    const jobs = await findJobs({ keys: [`business-invite:${added?.id}`] });
    expect(jobs).toHaveLength(1);
    const mail = await renderBusinessInvite(t.ctx.db, added?.id ?? 0);
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toContain('ООО «Альфа»');

    const again = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: a.headers,
      payload: { email: email.toUpperCase() },
    });
    expect(again.json().refused).toEqual([
      { row: 1, email: email.toLowerCase(), reason: 'Уже в списке сотрудников этой компании' },
    ]);
  });

  it('checks every row of a CSV and adds only the good ones, each refused row with its reason', async () => {
    const existingClient = await createClient(t.ctx.db, { email: `${world.tag}-client@example.test` });
    const before = (await staffOf(world.businessA.row.id)).length;
    const csv = [
      'E-mail;Имя',
      `${world.tag}-csv-1@example.test;Анна`,
      'not-an-email',
      `${world.tag}-csv-1@example.test`,
      '',
      world.sharing[0]?.employee.email,
      world.smallEmployee.employee.email,
      `"${existingClient.email}"`,
    ].join('\r\n');
    const { payload, headers } = multipart('staff.csv', Buffer.from(`\uFEFF${csv}`), 'text/csv');
    const response = await t.app.inject({ method: 'POST', url: url(), headers, payload });
    expect(response.body).toContain('accepted');
    expect(response.statusCode).toBe(200);
    const body = ZAddEmployeesResponseSchema.parse(response.json());
    expect(body.accepted).toEqual([
      { row: 2, email: `${world.tag}-csv-1@example.test` },
      { row: 8, email: existingClient.email },
    ]);
    expect(body.refused).toEqual([
      { row: 3, email: 'not-an-email', reason: 'Некорректный e-mail' },
      { row: 4, email: `${world.tag}-csv-1@example.test`, reason: 'Повторяет строку 2' },
      { row: 6, email: world.sharing[0]?.employee.email, reason: 'Уже в списке сотрудников этой компании' },
      { row: 7, email: world.smallEmployee.employee.email, reason: 'Уже сотрудник другой компании' },
    ]);
    expect((await staffOf(world.businessA.row.id)).length).toBe(before + 2);
    const [linked] = await t.ctx.db
      .select()
      .from(employees)
      .where(eq(sql`lower(${employees.email})`, existingClient.email.toLowerCase()));
    expect(linked?.userId).toBe(existingClient.id);
    const page = ZEmployeeStatsSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/business_accounts/businesses/${world.businessA.id}/employees?email_cont=${world.tag}-csv`,
          headers: a.headers,
        })
      ).json(),
    );
    expect(page.rows.map((r) => r.cells[3]?.value)).toEqual(['Приглашён']);
  });

  it('reads an XLSX upload', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Сотрудники');
    sheet.addRow(['Почта']);
    sheet.addRow([`${world.tag}-xlsx-1@example.test`]);
    sheet.addRow([{ text: `${world.tag}-xlsx-2@example.test`, hyperlink: `mailto:${world.tag}-xlsx-2@example.test` }]);
    sheet.addRow(['bad@']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const { payload, headers } = multipart(
      'staff.xlsx',
      data,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const body = ZAddEmployeesResponseSchema.parse(
      (await t.app.inject({ method: 'POST', url: url(), headers, payload })).json(),
    );
    expect(body.accepted.map((r) => r.row)).toEqual([2, 3]);
    expect(body.refused).toEqual([{ row: 4, email: 'bad@', reason: 'Некорректный e-mail' }]);
  });

  it('links an invited employee at sign-up, with the usage consent given there', async () => {
    const [sharing, private_] = [`${world.tag}-join-1@example.test`, `${world.tag}-join-2@example.test`];
    for (const email of [sharing, private_]) {
      await t.app.inject({ method: 'POST', url: url(), headers: a.headers, payload: { email } });
    }
    const signUp = (email: string, share: boolean | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign_up',
        payload: {
          email: email.toUpperCase(),
          password: 'тихий-вечер-у-реки',
          first_name: 'Ира',
          consent: true,
          ...(share === undefined ? {} : { share_usage_with_employer: share }),
        },
      });
    expect((await signUp(sharing, true)).statusCode).toBe(200);
    expect((await signUp(private_, undefined)).statusCode).toBe(200);
    const page = ZEmployeeStatsSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/business_accounts/businesses/${world.businessA.id}/employees?email_cont=${world.tag}-join&sort_field=users_email&sort_direction=asc`,
          headers: a.headers,
        })
      ).json(),
    );
    expect(page.rows.map((r) => [r.cells[0]?.value, r.cells[3]?.value, r.usage_shared])).toEqual([
      [sharing, 'Зарегистрирован', true],
      [private_, 'Зарегистрирован', false],
    ]);
  });

  it('refuses a broken file, another account and other roles', async () => {
    const broken = multipart('staff.xlsx', Buffer.from('PK not really a zip'), 'application/octet-stream');
    const response = await t.app.inject({
      method: 'POST',
      url: url(),
      headers: broken.headers,
      payload: broken.payload,
    });
    expect(response.statusCode).toBe(422);
    const email = `${world.tag}-foreign@example.test`;
    expect(
      (await t.app.inject({ method: 'POST', url: url(), headers: b.headers, payload: { email } })).statusCode,
    ).toBe(404);
    const client = await signIn(t.app, (await createClient(t.ctx.db)).email);
    expect(
      (await t.app.inject({ method: 'POST', url: url(), headers: client.headers, payload: { email } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: url(), headers: a.headers })).statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'POST', url: url(), headers: a.headers, payload: { mail: email } })).statusCode,
    ).toBe(422);
  });
});
