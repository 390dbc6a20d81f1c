import { ZApiErrorSchema, ZVideoQualityResponseSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slots, videoRatings } from '../../db/schema/index.ts';
import { createBusinessAccount } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf, type TSession } from '../../test/booking-world.ts';
import { videoDataOf, videoWorld } from './testing.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const CLIENT_URL = '/api/v1/user/slot/video_quality';
const THERAPIST_URL = '/api/v1/therapist/slot/video_quality';
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const ratingsOf = (slotId: number) => t.ctx.db.select().from(videoRatings).where(eq(videoRatings.slotId, slotId));
/** A session that began ten minutes ago. */
const begun = () => videoWorld(t, { startsInMs: -10 * 60_000 });

describe('rating a session', () => {
  it('stores the client’s rating, marks the video data as rated, and a second rating replaces the first', async () => {
    const w = await begun();
    const first = await post(CLIENT_URL, w.clientSession.headers, { slot_hashid: w.slotHashid, rating: 4 });
    expect(first.statusCode).toBe(200);
    expect(ZVideoQualityResponseSchema.parse(first.json())).toEqual({
      success: true,
      slot_hashid: w.slotHashid,
      rating: 4,
      comment: null,
    });
    expect((await videoDataOf(t, w.clientSession)).feedbackFreshSlotHashid).toBe(w.slotHashid);
    expect((await videoDataOf(t, w.therapistSession, w.clientUid)).feedbackFreshSlotHashid).toBeNull();

    const again = await post(CLIENT_URL, w.clientSession.headers, {
      slot_hashid: w.slotHashid,
      rating: 5,
      comment: ' Всё отлично ',
    });
    expect(again.json()).toMatchObject({ rating: 5, comment: 'Всё отлично' });
    const rows = await ratingsOf(w.slot.id);
    expect(rows.map((r) => [r.userId, r.rating, r.comment])).toEqual([[w.client.id, 5, 'Всё отлично']]);
  });

  it('takes the therapist’s rating on the therapist endpoint and the partner’s on the client one', async () => {
    const w = await videoWorld(t, { couple: true, startsInMs: -10 * 60_000 });
    expect(
      (await post(THERAPIST_URL, w.therapistSession.headers, { slot_hashid: w.slotHashid, rating: 3 })).statusCode,
    ).toBe(200);
    const partner = w.partnerSession as TSession;
    expect((await post(CLIENT_URL, partner.headers, { slot_hashid: w.slotHashid, rating: 2 })).statusCode).toBe(200);
    const rows = await ratingsOf(w.slot.id);
    expect(rows.map((r) => r.rating).sort()).toEqual([2, 3]);
  });

  it('refuses bad input, other people’s sessions, sessions not yet begun, wrong roles and missing CSRF', async () => {
    const w = await begun();
    const other = await begun();
    const good = { slot_hashid: w.slotHashid, rating: 5 };

    const malformed = await t.app.inject({
      method: 'POST',
      url: CLIENT_URL,
      headers: { ...w.clientSession.headers, 'content-type': 'application/json' },
      payload: '{"slot_hashid": ',
    });
    expect(malformed.statusCode).toBe(400);
    for (const [payload, field, message] of [
      [{ ...good, rating: 0 }, 'rating', 'Оценка от 1 до 5'],
      [{ ...good, rating: 6 }, 'rating', 'Оценка от 1 до 5'],
      [{ ...good, rating: 3.5 }, 'rating', 'Оценка должна быть целым числом'],
      [{ ...good, rating: '5' }, 'rating', 'Оценка должна быть числом'],
      [{ slot_hashid: w.slotHashid }, 'rating', 'Оценка должна быть числом'],
      [{ rating: 5 }, 'slot_hashid', 'Не указана сессия'],
      [{ ...good, comment: 'x'.repeat(2001) }, 'comment', 'Отзыв не длиннее 2000 символов'],
    ] as const) {
      const response = await post(CLIENT_URL, w.clientSession.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(ZApiErrorSchema.parse(response.json()).error.fields?.[field]).toBe(message);
    }

    // Someone else's session and one that does not exist answer alike.
    for (const slot_hashid of [other.slotHashid, 'nonsense', w.clientUid]) {
      const response = await post(CLIENT_URL, w.clientSession.headers, { ...good, slot_hashid });
      expect(response.statusCode).toBe(404);
      expect(ZApiErrorSchema.parse(response.json()).error.message).toBe('Сессия не найдена');
    }
    expect((await post(THERAPIST_URL, other.therapistSession.headers, good)).statusCode).toBe(404);

    const future = await videoWorld(t, { startsInMs: 24 * 3600_000 });
    const early = await post(CLIENT_URL, future.clientSession.headers, { slot_hashid: future.slotHashid, rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(ZApiErrorSchema.parse(early.json()).error.message).toBe('Оценить можно только состоявшуюся сессию');

    // Ended by the therapist before its start time (joined early): it happened, so it can be rated.
    await t.ctx.db.update(slots).set({ status: 'completed' }).where(eq(slots.id, future.slot.id));
    const endedEarly = await post(CLIENT_URL, future.clientSession.headers, {
      slot_hashid: future.slotHashid,
      rating: 4,
    });
    expect(endedEarly.statusCode).toBe(200);

    expect((await post(THERAPIST_URL, w.clientSession.headers, good)).statusCode).toBe(403);
    expect((await post(CLIENT_URL, w.therapistSession.headers, good)).statusCode).toBe(403);
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    expect((await post(CLIENT_URL, business.headers, good)).statusCode).toBe(403);
    const noCsrf = await post(CLIENT_URL, { cookie: w.clientSession.cookie }, good);
    expect(noCsrf.statusCode).toBe(403);
    expect(ZApiErrorSchema.parse(noCsrf.json()).error.code).toBe('csrf_invalid');
    expect((await post(CLIENT_URL, {}, good)).statusCode).toBe(401);

    expect(await ratingsOf(w.slot.id)).toEqual([]);
    expect((await ratingsOf(future.slot.id)).map((r) => r.rating)).toEqual([4]);
  });
});
