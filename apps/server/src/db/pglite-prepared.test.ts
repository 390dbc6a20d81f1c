import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePrepared } from './pglite-prepared.ts';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(
    `create table things (id int primary key, at timestamptz not null, day date, tags jsonb, name text)`,
  );
  await client.query(
    `insert into things values (1, '2026-11-26T10:00:00.123Z', '2026-11-26', '["a"]', 'один'), (2, now(), null, null, null)`,
  );
});
afterAll(() => client.close());

const SELECT = `select id, at, day, tags, name, $2::timestamptz > at as before from things where id = $1`;

describe('PGlite named statements', () => {
  it('answers what PGlite’s own query answers, parsed the same way (dates, JSON, nulls)', async () => {
    const prepared = pglitePrepared(client);
    const at = new Date('2026-11-27T00:00:00Z');
    for (const id of [1, 2, 3]) {
      const own = (await client.query(SELECT, [id, at])).rows;
      expect(await prepared('things_by_id', SELECT, [id, at])).toEqual(own);
    }
    const [row] = await prepared<{ at: Date; tags: string[] }>('things_by_id', SELECT, [1, at]);
    expect(row?.at).toEqual(new Date('2026-11-26T10:00:00.123Z'));
    expect(row?.tags).toEqual(['a']);
  });

  it('reports a failing statement and goes on answering the next ones', async () => {
    const prepared = pglitePrepared(client);
    await expect(prepared('things_by_id', SELECT, ['not a number', new Date()])).rejects.toThrow(
      /invalid input syntax/,
    );
    await expect(prepared('broken', 'select from nowhere_at_all', [])).rejects.toThrow(/nowhere_at_all/);
    expect(await prepared('things_by_id', SELECT, [1, new Date()])).toHaveLength(1);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    const prepared = pglitePrepared(client);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into things values (3, now(), null, null, 'в транзакции')`);
      await held;
      await tx.rollback();
    });
    const read = prepared<{ name: string }>('things_by_id', SELECT, [3, new Date()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    // Had it run inside the transaction, it would have seen the row the rollback took back.
    expect(await read).toEqual([]);
  });

  it('refuses one name for two texts', async () => {
    const prepared = pglitePrepared(client);
    await prepared('one_name', 'select 1 as n', []);
    await expect(prepared('one_name', 'select 2 as n', [])).rejects.toThrow(/another text/);
  });
});
