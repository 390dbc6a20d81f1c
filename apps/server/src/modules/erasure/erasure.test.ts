import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientPasses, passPurchases, slots, users } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { clientWithEverything } from '../../test/erasure-world.ts';
import { RETAINED_ROWS } from './retention.ts';

const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

type TColumn = { table_schema: string; table_name: string; column_name: string; data_type: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Every column of every table (every schema but the system's) that can hold something a person
 * gave: text of any kind, JSON, addresses, arrays, uuids. Read from the database itself, so a table
 * or column added later is walked without anyone listing it here.
 */
async function textualColumns(): Promise<TColumn[]> {
  return rowsOf<TColumn>(
    await t.ctx.db.execute(sql`
      select c.table_schema, c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and c.table_schema not like 'pg_toast%'
        and tb.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'inet', 'cidr', 'ARRAY', 'uuid', 'USER-DEFINED', 'bytea')
      order by 1, 2, 3`),
  );
}

/** Where any of the needles (lower-cased) is found: `schema.table.column` → the needles there. */
async function findEverywhere(needles: Record<string, string>): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  const entries = Object.entries(needles).map(([name, value]) => [name, value.toLowerCase()] as const);
  for (const column of await textualColumns()) {
    const target = `${quote(column.table_schema)}.${quote(column.table_name)}`;
    const text = sql.raw(`lower(${quote(column.column_name)}::text)`);
    for (const [name, value] of entries) {
      const [hit] = rowsOf<{ n: number }>(
        await t.ctx.db.execute(
          sql`select count(*)::int as n from ${sql.raw(target)} where position(${value} in ${text}) > 0`,
        ),
      );
      if ((hit?.n ?? 0) > 0) {
        const key = `${column.table_schema}.${column.table_name}.${column.column_name}`;
        found.set(key, [...(found.get(key) ?? []), name]);
      }
    }
  }
  return found;
}

type TLink = { table_name: string; column_name: string; target: string };

/**
 * Every column that points at a person or at their sessions and payments: the foreign keys to
 * users, slots, client_passes and pass_purchases (from the catalog), and the integer columns
 * named like a person's id that have no foreign key (the audit trail, consents).
 */
async function linksToTheClient(): Promise<TLink[]> {
  const fks = rowsOf<TLink>(
    await t.ctx.db.execute(sql`
      select cl.relname as table_name, a.attname as column_name, ref.relname as target
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class ref on ref.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1
        and ref.relname in ('users', 'slots', 'client_passes', 'pass_purchases')`),
  );
  const named = rowsOf<TLink>(
    await t.ctx.db.execute(sql`
      select c.table_name, c.column_name, 'users' as target
      from information_schema.columns c
      where c.table_schema = 'public' and c.data_type = 'integer'
        and c.column_name ~ '(^|_)(user|client|actor|subject|sender|partner_client)_id$'`),
  );
  const seen = new Set(fks.map((l) => `${l.table_name}.${l.column_name}`));
  return [...fks, ...named.filter((l) => !seen.has(`${l.table_name}.${l.column_name}`))];
}

describe(`erasing a client who had everything (${DATABASE})`, () => {
  it('leaves nothing of them in any table or column but what the retention list names', {
    timeout: 120_000,
  }, async () => {
    const w = await clientWithEverything(t);
    const before = await findEverywhere(w.needles);
    // The probe is honest: the client's data is spread over the schema before the erasure.
    expect(before.size).toBeGreaterThan(10);

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/erase',
      ...w.origin,
      headers: w.headers,
      payload: { password: 'demo-password' },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: true, cancelled_sessions: 1, returned_sessions: 1 });

    // 1. No value the client gave is left anywhere, except in the columns the retention list names.
    const after = await findEverywhere(w.needles);
    const allowed = new Set(
      Object.entries(RETAINED_ROWS).flatMap(([table, kept]) =>
        ('values' in kept ? kept.values : []).map((column) => `public.${table}.${column}`),
      ),
    );
    const leftovers = [...after].filter(([place]) => !allowed.has(place));
    expect(leftovers).toEqual([]);
    // What is retained is only the employer's own roster entry (they typed the e-mail and name).
    expect([...after.keys()].sort()).toEqual(
      ['public.employees.email', 'public.employees.first_name', 'public.employees.last_name'].filter((k) =>
        before.has(k),
      ),
    );

    // 2. No row anywhere still points at the client (or at their sessions and payments) but in the
    //    tables the retention list keeps.
    const ids: Record<string, number[]> = {
      users: [w.client.id],
      slots: rowsOf<{ id: number }>(
        await t.ctx.db.execute(
          sql`select id from slots where client_id = ${w.client.id} or partner_client_id = ${w.client.id}`,
        ),
      ).map((r) => r.id),
      client_passes: [w.clientPass.id, w.pendingPurchase?.clientPassId ?? 0],
      pass_purchases: [w.purchase.id, w.pendingPurchase?.id ?? 0],
    };
    const stillLinked: string[] = [];
    for (const link of await linksToTheClient()) {
      const targets = ids[link.target] ?? [];
      if (targets.length === 0) continue;
      const [hit] = rowsOf<{ n: number }>(
        await t.ctx.db.execute(
          sql`select count(*)::int as n from ${sql.raw(quote(link.table_name))} where ${sql.raw(quote(link.column_name))} in (${sql.join(
            targets.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
      if ((hit?.n ?? 0) > 0 && !(link.table_name in RETAINED_ROWS)) {
        stillLinked.push(`${link.table_name}.${link.column_name} → ${link.target}`);
      }
    }
    expect(stillLinked).toEqual([]);

    // The archive of their data went too, file and row.
    expect(await t.ctx.files.get(w.exportFileKey)).toBeNull();

    // 3. What is kept is kept: the pseudonym, the sessions' times, the payment, the trail.
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, w.client.id));
    expect(row?.erasedAt).toBeInstanceOf(Date);
    expect(row?.email).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);
    expect(row).toMatchObject({ firstName: '', lastName: '', language: null, consentVersion: null });
    const theirSlots = await t.ctx.db.select().from(slots).where(eq(slots.clientId, w.client.id));
    expect(theirSlots.map((s) => s.status).sort()).toEqual(['cancelled', 'cancelled', 'completed']);
    const future = theirSlots.find((s) => s.id === w.futureSlotId);
    expect(future).toMatchObject({ status: 'cancelled', cancelReason: 'account_erased' });
    // Cancelled days ahead, in time: the session went back to the pass, as the policy says.
    const [pass] = await t.ctx.db.select().from(clientPasses).where(eq(clientPasses.id, w.clientPass.id));
    expect(pass?.sessionsLeft).toBe(4);
    // The open checkout is closed: no money can come in for an account that is gone.
    const [pending] = await t.ctx.db
      .select()
      .from(passPurchases)
      .where(eq(passPurchases.id, w.pendingPurchase?.id ?? 0));
    expect(pending).toMatchObject({ status: 'cancelled', failureReason: 'account_erased' });
    const [mail] = await findJobs({ keys: [`booking-cancelled:${w.futureSlotId}`] });
    expect(mail?.payload).toMatchObject({ slot_id: w.futureSlotId, by: 'erased', session_returned: true });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, w.client.id), eq(auditLog.action, 'account_erased')));
    expect(entry).toMatchObject({
      actorId: w.client.id,
      actorRole: 'client',
      kind: 'change',
      ip: null,
      userAgent: null,
    });
    // The therapist's read of the page stays, with the therapist's own address.
    const reads = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, w.client.id), eq(auditLog.action, 'client_page')));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.actorId).toBe(w.therapist.id);
  });
});
