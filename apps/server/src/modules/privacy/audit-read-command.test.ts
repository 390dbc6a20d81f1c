import { ZDataViewsResponseSchema } from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createBusiness, createBusinessAccount, createClient, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';
import { runAuditRead } from './audit-read-command.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function run(argv: string[], env: NodeJS.ProcessEnv = { USER: 'olga' }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAuditRead(
    argv,
    { db: t.ctx.db, hashids: t.ctx.hashids },
    { out: (text) => out.push(text), err: (text) => err.push(text), env },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A client whose page their therapist opened, with a consent change of their own. */
async function world() {
  const client = await createClient(t.ctx.db);
  const therapist = await createTherapist(t.ctx.db, { firstName: 'Вера', lastName: 'Лебедева' });
  const account = await createBusinessAccount(t.ctx.db);
  await createBusiness(t.ctx.db, { accountUserId: account.id });
  const origin = { actorRole: 'therapist', ip: '10.0.0.7', userAgent: 'UA' };
  await t.ctx.db.insert(auditLog).values([
    {
      ...origin,
      actorId: therapist.id,
      kind: 'read',
      action: 'client_page',
      subjectId: client.id,
      at: new Date('2026-01-05T10:00:00Z'),
    },
    {
      actorId: client.id,
      actorRole: 'client',
      kind: 'change',
      action: 'consent_withdrawn',
      subjectId: client.id,
      details: { consent: 'employer_usage', version: '2026-11-01' },
      at: new Date('2026-02-05T10:00:00Z'),
    },
  ]);
  return { client, therapist };
}

describe('npm run audit:read', () => {
  it('prints the whole trail about a client found by e-mail, and records the read as staff’s', async () => {
    const { client, therapist } = await world();
    const result = await run(['--subject', client.email.toUpperCase(), '--format', 'json']);
    expect(result.code, result.err).toBe(0);
    const lines = JSON.parse(result.out);
    expect(lines.map((l: { action: string }) => l.action)).toEqual(['client_page', 'consent_withdrawn']);
    expect(lines[0]).toMatchObject({
      at: '2026-01-05T10:00:00.000Z',
      actor: { id: therapist.id, role: 'therapist', email: therapist.email },
      subject: { id: client.id, email: client.email },
      ip: '10.0.0.7',
    });
    const staff = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, client.id), eq(auditLog.action, 'staff_audit_read')));
    expect(staff).toMatchObject([
      { actorId: null, actorRole: 'staff', kind: 'read', details: { operator: 'olga', entries: 2 } },
    ]);
    // The client sees that support read their trail.
    const views = await t.app.inject({ url: '/api/v1/user/data_views', headers: (await sessionOf(t, client)).headers });
    expect(ZDataViewsResponseSchema.parse(views.json()).views.map((v) => [v.action, v.viewer.kind])).toEqual([
      ['staff_audit_read', 'staff'],
      ['client_page', 'therapist'],
    ]);
    // A second read shows the first one.
    const again = await run(['--subject', String(client.id), '--operator', 'Пётр']);
    expect(again.out).toContain('staff_audit_read');
    expect(again.out).toMatch(/client_page\s+therapist #\d+ /);
    expect(again.out).toContain('3 entries');
  });

  it('narrows by actor and time, and takes a user hashid', async () => {
    const { client, therapist } = await world();
    const hashid = t.ctx.hashids.encode('user', client.id);
    const byActor = await run(['--subject', hashid, '--actor', therapist.email, '--format', 'json']);
    expect(JSON.parse(byActor.out).map((l: { action: string }) => l.action)).toEqual(['client_page']);
    const since = await run(['--subject', hashid, '--since', '2026-02-01', '--format', 'json']);
    // …and the read just before it, now in the trail.
    expect(JSON.parse(since.out).map((l: { action: string }) => l.action)).toEqual([
      'consent_withdrawn',
      'staff_audit_read',
    ]);
  });

  it('refuses wrong arguments and an unknown person, reading nothing', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['--subject', 'x@example.com', '--format', 'xml'])).code).toBe(2);
    expect((await run(['--subject', '1', '--since', 'yesterday'])).code).toBe(2);
    expect((await run(['--subject', '1', '--bogus'])).code).toBe(2);
    expect((await run(['--subject', '1'], {})).err).toContain('--operator');
    const unknown = await run(['--subject', 'nobody-at-all@example.com']);
    expect(unknown).toMatchObject({ code: 1, err: 'no account with the e-mail nobody-at-all@example.com' });
  });
});
