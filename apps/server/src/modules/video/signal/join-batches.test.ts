import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoChatMessages, videoParticipants } from '../../../db/schema/index.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { createClient } from '../../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../../test/app.ts';
import type { TSession } from '../../../test/booking-world.ts';
import { videoWorld } from '../testing.ts';
import { createJoinBatches } from './join-batches.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

/** The batches over a database handle that counts the statements it starts. */
function countedBatches() {
  const statements = { select: 0, update: 0, insert: 0 };
  const db = new Proxy(t.ctx.db, {
    get(target, property) {
      if (property === 'select' || property === 'update' || property === 'insert') statements[property] += 1;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { batches: createJoinBatches({ db, config: t.ctx.config }), statements };
}

const keyOf = (session: TSession) => sha256(session.cookie.split('=')[1] ?? '');

describe('the database work of joins, batched', () => {
  it('answers many joins at once with one statement each for sign-ins, sessions and who joined', async () => {
    const a = await videoWorld(t);
    const b = await videoWorld(t);
    const outsider = await createClient(t.ctx.db);
    await t.ctx.db
      .insert(videoChatMessages)
      .values({ slotId: b.slot.id, senderId: b.client.id, clientId: 'line-1', text: 'Здравствуйте' });
    const { batches, statements } = countedBatches();

    const [alive, borrowed, participants, outsiderRow] = await Promise.all([
      Promise.all([
        batches.sessionAlive(keyOf(a.clientSession), a.client.id),
        batches.sessionAlive(keyOf(a.therapistSession), a.therapist.id),
        batches.sessionAlive(keyOf(b.clientSession), b.client.id),
      ]),
      // A live sign-in of someone else is not this user's.
      batches.sessionAlive(keyOf(a.clientSession), b.client.id),
      Promise.all([
        batches.participant(a.slot.id, a.client.id),
        batches.participant(a.slot.id, a.therapist.id),
        batches.participant(b.slot.id, b.client.id),
      ]),
      batches.participant(a.slot.id, outsider.id),
    ]);
    expect(alive).toEqual([true, true, true]);
    expect(borrowed).toBe(false);
    expect(participants.map((row) => [row?.slot.id, row?.user.id, row?.user.role, row?.hasChat])).toEqual([
      [a.slot.id, a.client.id, 'client', false],
      [a.slot.id, a.therapist.id, 'therapist', false],
      [b.slot.id, b.client.id, 'client', true],
    ]);
    expect(participants[0]?.user.firstName).toBe('Анна');
    expect(outsiderRow).toBeNull();
    expect(statements).toEqual({ select: 1, update: 1, insert: 0 });
  });

  it('refuses a sign-in that was logged out or expired', async () => {
    const w = await videoWorld(t);
    const { batches } = countedBatches();
    await t.app.inject({ method: 'POST', url: '/user/auth/logout', headers: w.clientSession.headers });
    expect(await batches.sessionAlive(keyOf(w.clientSession), w.client.id)).toBe(false);
    expect(await batches.sessionAlive(sha256('never-a-session-cookie-value'), w.client.id)).toBe(false);
  });

  it('stores every join of a burst in one statement, a person twice in it once, the first time kept', async () => {
    const w = await videoWorld(t);
    const { batches, statements } = countedBatches();
    const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 10, 0, second));
    await Promise.all([
      batches.recordJoin(w.slot.id, w.client.id, at(5)),
      batches.recordJoin(w.slot.id, w.client.id, at(1)),
      batches.recordJoin(w.slot.id, w.therapist.id, at(3)),
    ]);
    expect(statements.insert).toBe(1);
    await batches.recordJoin(w.slot.id, w.client.id, at(9));
    const rows = await t.ctx.db
      .select()
      .from(videoParticipants)
      .where(and(eq(videoParticipants.slotId, w.slot.id)));
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(w.client.id)).toMatchObject({ firstJoinedAt: at(1), lastJoinedAt: at(9) });
    expect(byUser.get(w.therapist.id)).toMatchObject({ firstJoinedAt: at(3), lastJoinedAt: at(3) });
  });
});
