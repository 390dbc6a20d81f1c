import type { Db } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { backgroundLane } from './background-lane.ts';

/** A database that answers each statement when told to, recording what runs when. */
function manualDb() {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  let inFlight = 0;
  let most = 0;
  const db: Db = {
    executeSql(text) {
      inFlight++;
      most = Math.max(most, inFlight);
      log.push(`start ${text}`);
      return new Promise((resolve, reject) => {
        pending.push(() => {
          inFlight--;
          log.push(`end ${text}`);
          if (text === 'fails') reject(new Error('boom'));
          else resolve({ rows: [{ text }] });
        });
      });
    },
  };
  /** Answers `count` statements, one each time one is waiting. */
  const settle = async (count: number) => {
    for (let answered = 0; answered < count; ) {
      await new Promise((resolve) => setImmediate(resolve));
      const answer = pending.shift();
      if (answer) {
        answer();
        answered++;
      }
    }
  };
  return { db, log, settle, most: () => most };
}

describe('backgroundLane', () => {
  it('sends one statement at a time, in order, each answered to its own caller, a failure too', async () => {
    const m = manualDb();
    const lane = backgroundLane(m.db);
    const answers = Promise.allSettled(['a', 'fails', 'b'].map((text) => lane.executeSql(text)));
    await m.settle(3);
    const [a, failed, b] = await answers;
    expect(a).toEqual({ status: 'fulfilled', value: { rows: [{ text: 'a' }] } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'boom' } });
    expect(b).toEqual({ status: 'fulfilled', value: { rows: [{ text: 'b' }] } });
    expect(m.most()).toBe(1);
    expect(m.log).toEqual(['start a', 'end a', 'start fails', 'end fails', 'start b', 'end b']);
  });

  it('lets work that arrives during a burst go before the rest of the burst', async () => {
    const order: string[] = [];
    const db: Db = {
      async executeSql(text) {
        order.push(text);
        return { rows: [] };
      },
    };
    const lane = backgroundLane(db);
    const burst = Promise.all(['job 1', 'job 2', 'job 3'].map((text) => lane.executeSql(text)));
    // A request's statement, queued after the burst was: it runs before the burst is through.
    await new Promise((resolve) => setImmediate(resolve));
    order.push('request');
    await burst;
    expect(order.indexOf('request')).toBeLessThan(order.indexOf('job 3'));
    expect(order.filter((o) => o.startsWith('job'))).toEqual(['job 1', 'job 2', 'job 3']);
  });
});
