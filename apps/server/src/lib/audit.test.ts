import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { testDatabase } from '../test/database.ts';
import { appendAudit } from './audit.ts';

let database: TDatabase;
beforeAll(async () => {
  database = await testDatabase();
});

/** The error a refused statement fails with, whichever driver wraps it. */
async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'not refused';
}

async function anEntry(): Promise<number> {
  const subjectId = 900_000 + Math.floor(Math.random() * 99_999);
  await appendAudit(database.db, { actorId: 1, actorRole: 'therapist', ip: '203.0.113.7', userAgent: 'test' }, [
    { action: 'client_page', subjectId },
  ]);
  const [row] = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));
  if (!row) throw new Error('entry not appended');
  return row.id;
}

describe('the audit trail is append-only in the database', () => {
  it('stores who, what, about whom, when and from where', async () => {
    const id = await anEntry();
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row).toMatchObject({
      actorId: 1,
      actorRole: 'therapist',
      kind: 'read',
      action: 'client_page',
      ip: '203.0.113.7',
    });
    expect(Date.now() - (row?.at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it(`refuses UPDATE through the query builder and in raw SQL (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const id = await anEntry();
    expect(
      await refusal(() => database.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id))),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(() => database.db.execute(sql`update audit_log set actor_id = null`))).toMatch(
      /append-only: UPDATE refused/,
    );
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(row?.action).toBe('client_page');
  });

  it('refuses DELETE and TRUNCATE', async () => {
    const id = await anEntry();
    expect(await refusal(() => database.db.delete(auditLog).where(eq(auditLog.id, id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(() => database.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.id, id))).toHaveLength(1);
  });
});
