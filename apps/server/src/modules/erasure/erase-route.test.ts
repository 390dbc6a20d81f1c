import {
  CONSENT_VERSION,
  SIGNAL_CLOSE_CODES,
  ZApiErrorSchema,
  ZClientSlotSchema,
  ZTherapistClientDetailSchema,
} from '@therapy/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authSessions,
  clientPasses,
  clientProfiles,
  passPurchases,
  paymentCards,
  paymentEvents,
  slots,
  users,
  videoChatMessages,
  videoEvents,
} from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import {
  createBusinessAccount,
  createClient,
  createClientPass,
  createPass,
  createSlot,
  createTherapist,
  DEMO_PASSWORD,
} from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf, type TSession } from '../../test/booking-world.ts';
import { clientWithEverything } from '../../test/erasure-world.ts';
import { loadSlotMail } from '../notifications/load-slot-mail.ts';
import { renderBookingCancelled } from '../notifications/render-booking-cancelled.ts';
import { renderPartnerErased } from '../notifications/render-partner-erased.ts';
import { applyPaymentEvent } from '../purchases/apply-payment-event.ts';
import { signJoinToken } from '../video/join-token.ts';
import {
  bindingOf,
  connectSignal,
  joinSignal,
  roomClaimsOf,
  signalUrlOf,
  videoDataOf,
  videoWorld,
} from '../video/testing.ts';

let t: TTestApp;
let signalUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  // The partner case joins the call over the real socket.
  signalUrl = signalUrlOf(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => t.app.close());

const erase = (headers: Record<string, string>, password: unknown = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/erase', headers, payload: { password } });

describe('POST /api/v1/user/erase: who may', () => {
  it('answers 401 without a session and 403 to a therapist or a business account', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/user/erase', payload: { password: 'x' } })).statusCode,
    ).toBe(401);
    for (const user of [await createTherapist(t.ctx.db), await createBusinessAccount(t.ctx.db)]) {
      const response = await erase((await sessionOf(t, user)).headers);
      expect(response.statusCode).toBe(403);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.erasedAt).toBeNull();
    }
  });
});

describe('POST /api/v1/user/erase with a wrong password', () => {
  it('answers 422 in Russian on the password and changes nothing', async () => {
    const w = await clientWithEverything(t);
    const snapshot = async () => ({
      user: await t.ctx.db.select().from(users).where(eq(users.id, w.client.id)),
      slots: await t.ctx.db.select().from(slots).where(eq(slots.clientId, w.client.id)).orderBy(slots.id),
      sessions: await t.ctx.db.select().from(authSessions).where(eq(authSessions.userId, w.client.id)),
      profile: await t.ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, w.client.id)),
      audit: await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, w.client.id)).orderBy(auditLog.id),
    });
    const before = await snapshot();
    const response = await erase(w.headers, 'не-тот-пароль');
    expect(response.statusCode).toBe(422);
    const error = ZApiErrorSchema.parse(response.json()).error;
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual({ password: 'Пароль указан неверно' });
    expect(await snapshot()).toEqual(before);
    // The session still works.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: w.headers })).statusCode).toBe(200);
    // An empty password is the form's own error.
    expect((await erase(w.headers, '')).statusCode).toBe(422);
  });
});

describe('after the erasure', () => {
  it('the session is gone, the old e-mail does not sign in, and it signs up again as a new person', async () => {
    const w = await clientWithEverything(t);
    const response = await erase(w.headers);
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: w.headers })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_in',
      payload: { email: w.email, password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    expect(ZApiErrorSchema.parse(signIn.json()).error).toMatchObject({
      code: 'invalid_credentials',
      message: 'Неверный e-mail или пароль',
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign_up',
      payload: {
        email: w.email,
        password: 'новый-человек-новый-пароль',
        first_name: 'Новая',
        consent: true,
        consent_version: CONSENT_VERSION,
      },
    });
    expect(again.statusCode).toBe(200);
    const [fresh] = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${w.email.toLowerCase()}`);
    expect(fresh?.id).not.toBe(w.client.id);
    expect(fresh?.erasedAt).toBeNull();
  });

  it('the therapist’s lists, client page and upcoming sessions read «Клиент удалил аккаунт» and do not fail', async () => {
    const w = await clientWithEverything(t);
    expect((await erase(w.headers)).statusCode).toBe(200);
    const hashid = t.ctx.hashids.encode('user', w.client.id);
    const headers = w.therapistSession.headers;

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/users', headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ hashid: string; name: string }[]>().find((c) => c.hashid === hashid);
    expect(listed).toMatchObject({ name: 'Клиент удалил аккаунт', first_name: '', last_name: '' });

    const page = await t.app.inject({ method: 'GET', url: `/api/v1/therapist/users/${hashid}`, headers });
    expect(page.statusCode).toBe(200);
    const detail = ZTherapistClientDetailSchema.parse(page.json());
    expect(detail.client.name).toBe('Клиент удалил аккаунт');
    expect(detail.answers).toMatchObject({ age: null, therapy_type: null, topics: [] });
    // The past session stays as history, without the therapist's note on it.
    expect(detail.past.map((s) => [s.status, s.post_session_form])).toContainEqual(['completed', null]);
    expect(detail.upcoming).toEqual([]);
    expect(page.body).not.toContain(w.email);

    const upcoming = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/sessions/upcoming', headers });
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.body).not.toContain(w.needles.firstName);

    // In English too.
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/v1/therapist/users/${hashid}`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(ZTherapistClientDetailSchema.parse(en.json()).client.name).toBe('The client deleted their account');
  });

  it('the videobox and the statistics do not fail on an erased client; a couple session ahead no longer names them', async () => {
    const w = await clientWithEverything(t);
    // A couple session ahead of another client, with the erased one as the partner who joins the call.
    const main = await createClient(t.ctx.db, { firstName: 'Основная', lastName: 'Клиентка' });
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: main.id,
      partnerClientId: w.client.id,
      therapyType: 'couple',
      startsAt: new Date(Date.now() + 2 * 3_600_000),
    });
    expect((await erase(w.headers)).statusCode).toBe(200);
    const headers = w.therapistSession.headers;
    const hashid = t.ctx.hashids.encode('user', w.client.id);
    const videobox = await t.app.inject({ method: 'GET', url: `/api/v1/therapist/users/${hashid}/videobox`, headers });
    expect(videobox.statusCode).toBeLessThan(500);
    expect(videobox.body).not.toContain(w.email);
    const metrics = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/metrics', headers });
    expect(metrics.statusCode).toBe(200);
    const upcoming = await t.app.inject({ method: 'GET', url: '/api/v1/therapist/sessions/upcoming', headers });
    expect(upcoming.statusCode).toBe(200);
    const couple = upcoming
      .json<{ sessions: { client: { name: string; partner_name: string | null } }[] }>()
      .sessions.find((s) => s.client.name === 'Основная Клиентка');
    // The erased partner's seat in the session ahead is let go (the partner case below has the rest).
    expect(couple?.client.partner_name).toBeNull();
  });

  it('the therapist’s mail says the client deleted their account, and goes to no one else', async () => {
    const w = await clientWithEverything(t);
    expect((await erase(w.headers)).statusCode).toBe(200);
    const data = await loadSlotMail(t.ctx.db, t.ctx.hashids, w.futureSlotId);
    if (!data) throw new Error('no slot');
    const mails = renderBookingCancelled(data, {
      sessionReturned: true,
      by: 'erased',
      publicUrl: publicBaseUrl(t.ctx.config),
    });
    expect(mails.map((m) => m.to)).toEqual([w.therapist.email]);
    expect(mails[0]?.subject).toMatch(/отменена: клиент удалил аккаунт$/);
    expect(mails[0]?.text).toContain('Клиент удалил аккаунт, поэтому сессия');
    for (const needle of [w.email, w.needles.firstName, w.needles.lastName]) {
      expect(JSON.stringify(mails)).not.toContain(needle);
    }
  });
});

const HOUR = 3_600_000;

/** A refused join: the error the socket answers and how it closes. */
async function refusedJoin(token: string, session: TSession) {
  const socket = await connectSignal(signalUrl, { session });
  socket.send({ type: 'join', token });
  const error = await socket.next('error');
  return { code: error.code, closed: (await socket.closed).code };
}

describe('erasing the partner of someone else’s couple session', () => {
  it('keeps the booking client’s session whole, lets the partner’s seat go, shuts them out of the call and tells the client and the therapist', async () => {
    // A couple session about to start (its room open), booked by the client from their pass.
    const w = await videoWorld(t, { couple: true, startsInMs: 2 * 60_000 });
    const partner = w.partner;
    const partnerSession = w.partnerSession;
    if (!partner || !partnerSession) throw new Error('no partner');
    const pass = await createPass(t.ctx.db);
    const clientPass = await createClientPass(t.ctx.db, { userId: w.client.id, passId: pass.id, sessionsTotal: 4 });
    await t.ctx.db.update(slots).set({ clientPassId: clientPass.id }).where(eq(slots.id, w.slot.id));
    // Their earlier couple session, held, with a line from each of them in its chat.
    const past = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      partnerClientId: partner.id,
      therapyType: 'couple',
      status: 'completed',
      startsAt: new Date(Date.now() - 7 * 24 * HOUR),
    });
    await t.ctx.db.insert(videoChatMessages).values([
      { slotId: past.id, senderId: partner.id, clientId: 'p-1', text: 'Слова партнёра' },
      { slotId: past.id, senderId: w.client.id, clientId: 'c-1', text: 'Слова клиентки' },
    ]);
    // Both checked their devices for the session ahead.
    await t.ctx.db.insert(videoEvents).values([
      { slotId: w.slot.id, userId: partner.id, source: 'client_log', type: 'device_check', message: 'камера партнёра' },
      {
        slotId: w.slot.id,
        userId: w.client.id,
        source: 'client_log',
        type: 'device_check',
        message: 'камера клиентки',
      },
    ]);
    const slotsBefore = await t.ctx.db
      .select({ id: slots.id })
      .from(slots)
      .where(or(eq(slots.clientId, w.client.id), eq(slots.partnerClientId, partner.id)));
    // The partner holds a join token minted before the erasure.
    const partnerToken = (await videoDataOf(t, partnerSession)).token;

    const erased = await erase(partnerSession.headers);
    expect(erased.statusCode).toBe(200);
    // Nothing of theirs was cancelled: the session is the client's.
    expect(erased.json()).toEqual({ erased: true, cancelled_sessions: 0, returned_sessions: 0 });

    // The session ahead stays booked, the same row, paid from the same pass, without the partner.
    const [slot] = await t.ctx.db.select().from(slots).where(eq(slots.id, w.slot.id));
    expect(slot).toMatchObject({
      status: 'booked',
      clientId: w.client.id,
      partnerClientId: null,
      therapyType: 'couple',
      clientPassId: clientPass.id,
      cancelledAt: null,
    });
    const [passAfter] = await t.ctx.db.select().from(clientPasses).where(eq(clientPasses.id, clientPass.id));
    expect(passAfter?.sessionsLeft).toBe(4);
    // No session was added or removed (the past one keeps its erased partner, as anonymous history).
    const slotsAfter = await t.ctx.db
      .select()
      .from(slots)
      .where(or(eq(slots.clientId, w.client.id), eq(slots.partnerClientId, partner.id)));
    expect(slotsAfter.map((s) => s.id).sort()).toEqual(slotsBefore.map((s) => s.id).sort());
    expect(slotsAfter.find((s) => s.id === past.id)).toMatchObject({
      status: 'completed',
      partnerClientId: partner.id,
    });
    // The partner's words and device logs are gone; the client's log of their own session ahead stays.
    const words = await t.ctx.db.select().from(videoChatMessages).where(eq(videoChatMessages.senderId, partner.id));
    expect(words).toEqual([]);
    const logs = await t.ctx.db.select().from(videoEvents).where(eq(videoEvents.slotId, w.slot.id));
    expect(logs.map((e) => e.userId)).toEqual([w.client.id]);

    // The client sees their session as before, and its call with the therapist only.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/slots/${w.slotHashid}`,
      headers: w.clientSession.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(ZClientSlotSchema.parse(mine.json()).status).toBe('booked');
    const clientBox = await videoDataOf(t, w.clientSession);
    expect(clientBox.participants.map((p) => p.uid)).toEqual([w.therapistUid, w.clientUid]);
    expect(JSON.stringify(clientBox)).not.toContain('Павел');

    // The therapist too: the session in the schedule, no partner in it.
    const therapistBox = await videoDataOf(t, w.therapistSession, w.clientUid);
    expect(therapistBox.participants.map((p) => p.uid)).toEqual([w.therapistUid, w.clientUid]);
    const upcoming = await t.app.inject({
      method: 'GET',
      url: '/api/v1/therapist/sessions/upcoming',
      headers: w.therapistSession.headers,
    });
    const listed = upcoming
      .json<{ sessions: { slot_hashid?: string; client: { name: string; partner_name: string | null } }[] }>()
      .sessions.filter((s) => s.client.name === 'Анна Смирнова');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.client.partner_name).toBeNull();

    // The client and the therapist meet in the call.
    const therapistIn = await joinSignal(signalUrl, therapistBox.token, w.therapistSession);
    const clientIn = await joinSignal(signalUrl, clientBox.token, w.clientSession);
    expect(clientIn.joined.peers).toHaveLength(1);

    // The partner is out: signed out everywhere, and their old token opens nothing.
    const box = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/slot/videobox',
      headers: partnerSession.headers,
    });
    expect(box.statusCode).toBe(401);
    expect(await refusedJoin(partnerToken, partnerSession)).toMatchObject({ code: 'signed_out' });
    // Even with a sign-in that somehow outlived the erasure, the seat is no longer theirs.
    const [erasedRow] = await t.ctx.db.select().from(users).where(eq(users.id, partner.id));
    if (!erasedRow) throw new Error('no row');
    const survivor = await sessionOf(t, erasedRow);
    const forged = await videoDataOf(t, survivor).catch((error: Error) => error.message);
    expect(forged).toMatch(/^videobox: 404/);
    const uid = t.ctx.hashids.encode('user', partner.id);
    const token = signJoinToken(t.ctx.config.VIDEO_TOKEN_SECRET, {
      slot: w.slotHashid,
      uid,
      role: 'client',
      exp: Math.floor(Date.now() / 1000) + 60,
      sess: bindingOf(survivor),
      ...roomClaimsOf(t, w.slot, { slot: w.slotHashid, uid }),
    });
    expect(await refusedJoin(token, survivor)).toEqual({
      code: 'not_participant',
      closed: SIGNAL_CLOSE_CODES.forbidden,
    });
    therapistIn.client.close();
    clientIn.client.close();

    // The client and the therapist are told, once each, without the partner's name.
    const jobs = await findJobs({ keys: [`partner-erased:${w.slot.id}:${partner.id}`] });
    expect(jobs).toHaveLength(1);
    const data = await loadSlotMail(t.ctx.db, t.ctx.hashids, w.slot.id);
    if (!data) throw new Error('no slot');
    const mails = renderPartnerErased(data, { publicUrl: publicBaseUrl(t.ctx.config) });
    expect(mails.map((m) => m.to)).toEqual([w.client.email, w.therapist.email]);
    expect(mails[0]?.subject).toMatch(/^Парная сессия .*: аккаунт партнёра удалён$/);
    expect(mails[0]?.text).toContain('Сессия остаётся за вами');
    expect(mails[1]?.text).toContain('Партнёр клиента Анна Смирнова удалил аккаунт');
    expect(JSON.stringify(mails)).not.toContain('Павел');
    // And the therapist is not told the session was cancelled: it was not.
    expect(await findJobs({ keys: [`booking-cancelled:${w.slot.id}`] })).toEqual([]);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, partner.id), eq(auditLog.action, 'account_erased')));
    expect(entry?.details).toMatchObject({ cancelled_sessions: 0, released_partner_seats: 1 });
  });
});

describe('a payment that lands after the erasure', () => {
  it('is recorded as paid for the accounts, and keeps no card, payload or receipt of the erased payer', async () => {
    const w = await clientWithEverything(t);
    const pending = w.pendingPurchase;
    if (!pending) throw new Error('no pending purchase');
    expect((await erase(w.headers)).statusCode).toBe(200);
    // The provider's page was paid anyway (another tab, a late webhook).
    const outcome = await applyPaymentEvent(t.ctx, {
      provider: 'sandbox',
      eventId: `late-${pending.id}`,
      type: 'payment.succeeded',
      kind: 'succeeded',
      purchaseId: pending.id,
      providerRef: null,
      providerPaymentId: `late-pay-${pending.id}`,
      card: { last: '4242', brand: 'visa', token: `tok_late_${pending.id}` },
      money: { amount: pending.amountPaid, currency: pending.currency },
      reason: null,
      payload: { customer_email: w.email },
    });
    expect(outcome).toMatchObject({ result: 'applied', from: 'cancelled', to: 'completed' });
    // The money is on the books: the purchase completed and its pass stands, for support to refund.
    const [purchase] = await t.ctx.db.select().from(passPurchases).where(eq(passPurchases.id, pending.id));
    expect(purchase).toMatchObject({ status: 'completed', providerPaymentId: `late-pay-${pending.id}` });
    const [pass] = await t.ctx.db.select().from(clientPasses).where(eq(clientPasses.id, pending.clientPassId));
    expect(pass?.status).toBe('active');
    // Nothing of the payer came back with it.
    expect(await t.ctx.db.select().from(paymentCards).where(eq(paymentCards.userId, w.client.id))).toEqual([]);
    const events = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.purchaseId, pending.id));
    expect(events.map((e) => e.payload)).toEqual([{ erased: true }]);
    expect(await findJobs({ keys: [`receipt:${pending.id}`] })).toEqual([]);
  });
});

describe('the audit trail’s one exception for erasure', () => {
  it('lets only an erased account’s own entries forget their address and browser, and nothing else', async () => {
    const w = await clientWithEverything(t);
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await t.ctx.db.execute(statement);
        return 'allowed';
      } catch (error) {
        return `${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ''}`;
      }
    };
    // Not erased yet: refused, as every update is.
    expect(
      await refusal(sql`update audit_log set ip = null, user_agent = null where actor_id = ${w.client.id}`),
    ).toMatch(/append-only: UPDATE refused/);
    expect((await erase(w.headers)).statusCode).toBe(200);
    // Erased: anything beyond forgetting the address and browser is still refused, and so is a delete.
    expect(
      await refusal(
        sql`update audit_log set action = 'forged', ip = null, user_agent = null where actor_id = ${w.client.id}`,
      ),
    ).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`update audit_log set ip = '203.0.113.1' where actor_id = ${w.client.id}`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log where actor_id = ${w.client.id}`)).toMatch(
      /append-only: DELETE refused/,
    );
    // The therapist's read of the erased client's page keeps the therapist's address.
    expect(
      await refusal(sql`update audit_log set ip = null, user_agent = null where actor_id = ${w.therapist.id}`),
    ).toMatch(/append-only: UPDATE refused/);
    const own = await t.ctx.db.select().from(auditLog).where(eq(auditLog.actorId, w.client.id));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((entry) => entry.ip === null && entry.userAgent === null)).toBe(true);
  });
});
