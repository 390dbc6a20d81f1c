import { SIGNAL_CLOSE_CODES, SIGNAL_MAX_MESSAGE_BYTES } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, slots, users, videoChatMessages, videoParticipants } from '../../../db/schema/index.ts';
import { createClient } from '../../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../../test/app.ts';
import { sessionOf, type TSession } from '../../../test/booking-world.ts';
import { signJoinToken } from '../join-token.ts';
import {
  bindingOf,
  connectSignal,
  joinSignal,
  roomClaimsOf,
  settle,
  signalUrlOf,
  videoDataOf,
  videoWorld,
} from '../testing.ts';

let t: TTestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  url = signalUrlOf(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => t.app.close());

const offer = { description: { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } };
const candidate = {
  candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
};

async function tokensOf(w: Awaited<ReturnType<typeof videoWorld>>) {
  const client = await videoDataOf(t, w.clientSession);
  const therapist = await videoDataOf(t, w.therapistSession, w.clientUid);
  return { client, therapist };
}

/** A room of a therapist and a client, both joined. */
async function room(o: Parameters<typeof videoWorld>[1] = {}) {
  const w = await videoWorld(t, o);
  const data = await tokensOf(w);
  const therapist = await joinSignal(url, data.therapist.token, w.therapistSession);
  const client = await joinSignal(url, data.client.token, w.clientSession);
  await therapist.client.next('peer_joined');
  return { w, data, therapist: therapist.client, client: client.client, joined: client.joined };
}

async function refusal(token: string, session: TSession | null) {
  const socket = await connectSignal(url, { session });
  socket.send({ type: 'join', token });
  const error = await socket.next('error');
  return { error, closed: await socket.closed };
}

describe('joining a room', () => {
  it('lets the therapist and the client in, each seeing the other with names and media state', async () => {
    const w = await videoWorld(t);
    const data = await tokensOf(w);
    const therapist = await joinSignal(url, data.therapist.token, w.therapistSession);
    expect(therapist.joined).toMatchObject({ peer_id: data.therapist.peer_id, peers: [], chat: [] });
    expect(therapist.joined.ends_at).toBe(data.therapist.ends_at);

    const client = await joinSignal(url, data.client.token, w.clientSession);
    expect(client.joined.peers).toEqual([
      {
        peer_id: data.therapist.peer_id,
        uid: data.therapist.uid,
        name: 'Вера Лебедева',
        role: 'therapist',
        state: { audio: true, video: true, screen: false },
      },
    ]);
    const arrived = await therapist.client.next('peer_joined');
    expect(arrived.peer).toMatchObject({ peer_id: data.client.peer_id, name: 'Анна Смирнова', role: 'client' });
    expect(data.client.remote_peer_id).toBe(data.therapist.peer_id);
    expect(data.therapist.remote_peer_id).toBe(data.client.peer_id);

    client.client.send({ type: 'ping' });
    await client.client.next('pong');
    therapist.client.close();
    expect((await client.client.next('peer_left')).peer_id).toBe(data.therapist.peer_id);
    client.client.close();
  });

  it('answers a join without waiting for the database: the token and the cached sign-in decide', async () => {
    const w = await videoWorld(t);
    const data = await tokensOf(w);
    // PostgreSQL without Redis has no session cache (several nodes could revoke behind it): the sign-in is read there.
    if (t.ctx.sessions.mode === 'off') return;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Whatever the join would read or write waits behind this lock until the join is answered.
    const locked = t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`lock table ${slots}, ${authSessions}, ${users}, ${videoChatMessages}, ${videoParticipants} in access exclusive mode`,
      );
      await held;
    });
    try {
      const therapist = await joinSignal(url, data.therapist.token, w.therapistSession);
      expect(therapist.joined).toMatchObject({ peer_id: data.therapist.peer_id, peers: [], chat: [] });
      therapist.client.close();
    } finally {
      release();
      await locked;
    }
  });

  it('refuses anything but a join first, and a join without a genuine token', async () => {
    const first = await connectSignal(url);
    first.send({ type: 'ping' });
    expect((await first.next('error')).code).toBe('join_required');
    expect((await first.closed).code).toBe(SIGNAL_CLOSE_CODES.join_required);

    const garbage = await connectSignal(url);
    garbage.sendRaw('{"type":"join",');
    expect((await garbage.next('error')).code).toBe('join_required');
    expect((await garbage.closed).code).toBe(SIGNAL_CLOSE_CODES.join_required);

    const missing = await connectSignal(url);
    missing.send({ type: 'join' });
    expect((await missing.closed).code).toBe(SIGNAL_CLOSE_CODES.join_required);

    const forged = await refusal('eyJ2IjoxfQ.c2lnbmF0dXJl', null);
    expect(forged.error).toMatchObject({ code: 'invalid_token', message: expect.stringMatching(/недействительна/) });
    expect(forged.closed.code).toBe(SIGNAL_CLOSE_CODES.forbidden);
    expect((await refusal('', null)).closed.code).toBe(SIGNAL_CLOSE_CODES.forbidden);
  });

  it('refuses an expired token, a token moved to another session, a foreign secret and outsiders', async () => {
    const w = await videoWorld(t);
    const other = await videoWorld(t);
    const secret = t.ctx.config.VIDEO_TOKEN_SECRET;
    const claims = {
      slot: w.slotHashid,
      uid: w.clientUid,
      role: 'client' as const,
      sess: bindingOf(w.clientSession),
      ...roomClaimsOf(t, w.slot, { slot: w.slotHashid, uid: w.clientUid }),
    };
    const inAMinute = Math.floor(Date.now() / 1000) + 60;

    const expired = await refusal(
      signJoinToken(secret, { ...claims, exp: Math.floor(Date.now() / 1000) - 1 }),
      w.clientSession,
    );
    expect(expired.error.code).toBe('token_expired');
    expect(expired.closed.code).toBe(SIGNAL_CLOSE_CODES.token_expired);

    // The client's genuine token with a bit of its sealed body changed (another session's id, say): the seal breaks.
    const genuine = Buffer.from((await videoDataOf(t, w.clientSession)).token, 'base64url');
    genuine[genuine.length - 5] = (genuine[genuine.length - 5] ?? 0) ^ 1;
    const tampered = await refusal(genuine.toString('base64url'), w.clientSession);
    expect(tampered.error.code).toBe('invalid_token');

    const foreignSecret = await refusal(
      signJoinToken('another-secret-of-16+', { ...claims, exp: inAMinute }),
      w.clientSession,
    );
    expect(foreignSecret.error.code).toBe('invalid_token');

    // Properly signed, but for people who are not in this session (or in the wrong role).
    const stranger = await createClient(t.ctx.db);
    const strangerUid = t.ctx.hashids.encode('user', stranger.id);
    const strangerSession = await sessionOf(t, stranger);
    const signed = (slot: string, uid: string, role: 'client' | 'therapist', session: TSession) =>
      [
        signJoinToken(secret, {
          slot,
          uid,
          role,
          exp: inAMinute,
          sess: bindingOf(session),
          ...roomClaimsOf(t, w.slot, { slot, uid }),
        }),
        session,
      ] as const;
    for (const [token, session] of [
      signed(w.slotHashid, strangerUid, 'client', strangerSession),
      signed(w.slotHashid, other.therapistUid, 'therapist', other.therapistSession),
      signed(w.slotHashid, w.clientUid, 'therapist', w.clientSession),
      signed(other.slotHashid, w.clientUid, 'client', w.clientSession),
    ]) {
      const refused = await refusal(token, session);
      expect(refused.error).toMatchObject({ code: 'not_participant', message: 'Вы не участник этой сессии' });
      expect(refused.closed.code).toBe(SIGNAL_CLOSE_CODES.forbidden);
    }
  });

  it('keeps the room closed before the join window, after it, and for sessions no longer booked', async () => {
    const early = await videoWorld(t, { startsInMs: 3 * 3600_000 });
    const tooEarly = await refusal((await videoDataOf(t, early.clientSession)).token, early.clientSession);
    expect(tooEarly.error.code).toBe('too_early');
    expect(tooEarly.error.message).toMatch(
      /^Сессия ещё не началась: подключиться можно с \d\d\.\d\d\.\d{4} в \d\d:\d\d$/,
    );
    expect(tooEarly.closed.code).toBe(SIGNAL_CLOSE_CODES.room_closed);

    // A session whose room closed a minute ago, with a token that has not expired (tokens never outlive
    // the room when the server mints them; this one is signed by hand to check the window itself).
    const grace = t.ctx.config.VIDEO_GRACE_MINUTES;
    const late = await videoWorld(t, { startsInMs: -(50 + grace + 1) * 60_000 });
    const lateToken = signJoinToken(t.ctx.config.VIDEO_TOKEN_SECRET, {
      slot: late.slotHashid,
      uid: late.clientUid,
      role: 'client',
      exp: Math.floor(Date.now() / 1000) + 60,
      sess: bindingOf(late.clientSession),
      ...roomClaimsOf(t, late.slot, { slot: late.slotHashid, uid: late.clientUid }),
    });
    const tooLate = await refusal(lateToken, late.clientSession);
    expect(tooLate.error).toMatchObject({ code: 'too_late', message: 'Время сессии закончилось' });
    expect(tooLate.closed.code).toBe(SIGNAL_CLOSE_CODES.room_closed);

    const cancelled = await videoWorld(t);
    const cancelledToken = (await videoDataOf(t, cancelled.clientSession)).token;
    await t.ctx.db.update(slots).set({ status: 'cancelled' }).where(eq(slots.id, cancelled.slot.id));
    const refused = await refusal(cancelledToken, cancelled.clientSession);
    expect(refused.error.code).toBe('session_unavailable');
    expect(refused.closed.code).toBe(SIGNAL_CLOSE_CODES.room_closed);
  });

  it('refuses a token minted before the session was cancelled or completed, also into a room someone is in', async () => {
    const w = await videoWorld(t);
    const data = await tokensOf(w);
    const therapist = await joinSignal(url, data.therapist.token, w.therapistSession);
    // The therapist's own check beside the join is done (else it would find the session cancelled too).
    await settle(500);
    await t.ctx.db.update(slots).set({ status: 'cancelled' }).where(eq(slots.id, w.slot.id));
    const refused = await refusal(data.client.token, w.clientSession);
    expect(refused.error.code).toBe('session_unavailable');
    expect(refused.closed.code).toBe(SIGNAL_CLOSE_CODES.room_closed);
    // The room never keeps them: whoever heard them arrive hears them leave.
    await settle();
    const arrived = therapist.client.all.filter((m) => m.type === 'peer_joined').length;
    expect(therapist.client.all.filter((m) => m.type === 'peer_left')).toHaveLength(arrived);
    therapist.client.close();

    const done = await videoWorld(t);
    const token = (await videoDataOf(t, done.clientSession)).token;
    await t.ctx.db.update(slots).set({ status: 'completed' }).where(eq(slots.id, done.slot.id));
    expect((await refusal(token, done.clientSession)).error.code).toBe('session_ended');
  });
});

describe('in the room', () => {
  it('handles what is sent right behind the join after it: an offer sent with the join reaches the peer there', async () => {
    const w = await videoWorld(t);
    const data = await tokensOf(w);
    const client = await joinSignal(url, data.client.token, w.clientSession);
    const therapist = await connectSignal(url, { session: w.therapistSession });
    // No wait for `joined`: the join, the offer and a candidate go out together.
    therapist.send({ type: 'join', token: data.therapist.token });
    therapist.send({ type: 'signal', to: data.client.peer_id, data: offer });
    therapist.send({ type: 'signal', to: data.client.peer_id, data: candidate });
    expect((await therapist.next('joined')).peers.map((peer) => peer.peer_id)).toEqual([data.client.peer_id]);
    expect((await client.client.next('peer_joined')).peer.peer_id).toBe(data.therapist.peer_id);
    expect(await client.client.next('signal')).toEqual({ type: 'signal', from: data.therapist.peer_id, data: offer });
    expect(await client.client.next('signal')).toEqual({
      type: 'signal',
      from: data.therapist.peer_id,
      data: candidate,
    });

    // Behind a refused join it goes nowhere.
    const outsider = await connectSignal(url, { session: w.clientSession });
    outsider.send({ type: 'join', token: 'eyJ2IjoxfQ.c2lnbmF0dXJl' });
    outsider.send({ type: 'signal', to: data.client.peer_id, data: offer });
    expect((await outsider.next('error')).code).toBe('invalid_token');
    await settle();
    expect(client.client.all.filter((m) => m.type === 'signal')).toHaveLength(2);
    for (const socket of [client.client, therapist]) socket.close();
  });

  it('relays offers and candidates to the addressed peer only, never into another room', async () => {
    const a = await room();
    const b = await room();
    a.client.send({ type: 'signal', to: a.data.therapist.peer_id, data: offer });
    a.client.send({ type: 'signal', to: a.data.therapist.peer_id, data: candidate });
    expect(await a.therapist.next('signal')).toEqual({ type: 'signal', from: a.data.client.peer_id, data: offer });
    expect(await a.therapist.next('signal')).toEqual({ type: 'signal', from: a.data.client.peer_id, data: candidate });
    a.therapist.send({ type: 'signal', to: a.data.client.peer_id, data: { candidate: null } });
    expect((await a.client.next('signal')).data).toEqual({ candidate: null });

    // Addressed to a peer of the other room: nobody gets it.
    a.client.send({ type: 'signal', to: b.data.therapist.peer_id, data: offer });
    await settle();
    expect(b.therapist.all.filter((m) => m.type === 'signal')).toEqual([]);
    expect(b.client.all.filter((m) => m.type === 'signal')).toEqual([]);
    expect(a.client.all.filter((m) => m.type === 'signal')).toHaveLength(1);

    a.client.send({ type: 'state', state: { audio: false, video: true, screen: true } });
    expect(await a.therapist.next('state')).toEqual({
      type: 'state',
      peer_id: a.data.client.peer_id,
      state: { audio: false, video: true, screen: true },
    });
    await settle();
    expect(b.therapist.all.some((m) => m.type === 'state')).toBe(false);
    for (const socket of [a.client, a.therapist, b.client, b.therapist]) socket.close();
  });

  it('keeps the chat in order, gives it back on a reload, and replaces the old socket', async () => {
    const r = await room();
    r.client.send({ type: 'chat', text: '  Здравствуйте!  ', client_id: 'c-1' });
    const first = await r.therapist.next('chat');
    expect(first.message).toMatchObject({ text: 'Здравствуйте!', name: 'Анна Смирнова', client_id: 'c-1' });
    expect((await r.client.next('chat')).message).toEqual(first.message);
    r.therapist.send({ type: 'chat', text: 'Добрый день', client_id: 't-1' });
    await r.client.next('chat');
    expect((await r.therapist.next('chat')).message.client_id).toBe('t-1');
    // A resend after a reconnect (same client_id) is stored once.
    r.client.send({ type: 'chat', text: 'Здравствуйте!', client_id: 'c-1' });
    expect((await r.therapist.next('chat')).message.id).toBe(first.message.id);
    const stored = await t.ctx.db.select().from(videoChatMessages).where(eq(videoChatMessages.slotId, r.w.slot.id));
    expect(stored).toHaveLength(2);

    // The client reloads the page: a new socket with a fresh token takes over.
    const reloaded = await joinSignal(url, (await videoDataOf(t, r.w.clientSession)).token, r.w.clientSession);
    expect(reloaded.joined.chat.map((m) => [m.text, m.from_uid])).toEqual([
      ['Здравствуйте!', r.w.clientUid],
      ['Добрый день', r.w.therapistUid],
    ]);
    expect(reloaded.joined.peers.map((p) => p.peer_id)).toEqual([r.data.therapist.peer_id]);
    await r.client.next('replaced');
    expect((await r.client.closed).code).toBe(SIGNAL_CLOSE_CODES.replaced);
    expect((await r.therapist.next('peer_left')).peer_id).toBe(r.data.client.peer_id);
    expect((await r.therapist.next('peer_joined')).peer.peer_id).toBe(r.data.client.peer_id);
    // The replaced socket's close does not make the new one look gone.
    await settle();
    expect(r.therapist.all.filter((m) => m.type === 'peer_left')).toHaveLength(1);
    reloaded.client.send({ type: 'signal', to: r.data.therapist.peer_id, data: offer });
    expect((await r.therapist.next('signal')).from).toBe(r.data.client.peer_id);
    r.therapist.send({ type: 'signal', to: r.data.client.peer_id, data: candidate });
    expect((await reloaded.client.next('signal')).data).toEqual(candidate);
    reloaded.client.close();
    r.therapist.close();
  });

  it('gives a rejoin with a token minted before the chat began the lines written since', async () => {
    const r = await room();
    r.client.send({ type: 'chat', text: 'Меня слышно?', client_id: 'c-1' });
    const line = (await r.therapist.next('chat')).message;
    r.client.close();
    r.therapist.close();
    await r.therapist.closed;
    await settle();
    // The client's token says the chat was empty, and no node holds the room any more.
    const again = await joinSignal(url, r.data.client.token, r.w.clientSession);
    expect(again.joined.chat).toEqual([]);
    expect((await again.client.next('chat')).message).toEqual(line);
    again.client.close();
  });

  it('lets only the therapist end the session: the slot is completed and everyone hears why', async () => {
    const r = await room();
    r.client.send({ type: 'end' });
    expect(await r.client.next('error')).toMatchObject({
      code: 'forbidden',
      message: 'Завершить сессию может только психолог',
    });
    r.client.send({ type: 'ping' });
    await r.client.next('pong');
    const [before] = await t.ctx.db.select().from(slots).where(eq(slots.id, r.w.slot.id));
    expect(before?.status).toBe('booked');

    r.therapist.send({ type: 'end' });
    const expected = { type: 'ended', reason: 'therapist_ended', slot_hashid: r.w.slotHashid };
    expect(await r.client.next('ended')).toEqual(expected);
    expect(await r.therapist.next('ended')).toEqual(expected);
    expect((await r.client.closed).code).toBe(SIGNAL_CLOSE_CODES.ended);
    expect((await r.therapist.closed).code).toBe(SIGNAL_CLOSE_CODES.ended);
    const [after] = await t.ctx.db.select().from(slots).where(eq(slots.id, r.w.slot.id));
    expect(after?.status).toBe('completed');

    const again = await refusal(r.data.client.token, r.w.clientSession);
    expect(again.error).toMatchObject({ code: 'session_ended', message: 'Сессия завершена' });
  });

  it('ends the room when its time runs out, completing a session that took place', async () => {
    const grace = t.ctx.config.VIDEO_GRACE_MINUTES;
    const closesIn = 1200;
    const r = await room({ startsInMs: -(50 + grace) * 60_000 + closesIn });
    const ended = { type: 'ended', reason: 'time_up', slot_hashid: r.w.slotHashid };
    expect(await r.client.next('ended', closesIn + 3000)).toEqual(ended);
    expect(await r.therapist.next('ended')).toEqual(ended);
    expect((await r.client.closed).code).toBe(SIGNAL_CLOSE_CODES.ended);
    const [slot] = await t.ctx.db.select().from(slots).where(eq(slots.id, r.w.slot.id));
    expect(slot?.status).toBe('completed');

    // Only the client came: the room ends, the session is not marked as held.
    const alone = await videoWorld(t, { startsInMs: -(50 + grace) * 60_000 + closesIn });
    const client = await joinSignal(url, (await videoDataOf(t, alone.clientSession)).token, alone.clientSession);
    expect((await client.client.next('ended', closesIn + 3000)).reason).toBe('time_up');
    const [kept] = await t.ctx.db.select().from(slots).where(eq(slots.id, alone.slot.id));
    expect(kept?.status).toBe('booked');
  });

  it('brings a couple and their therapist into one room', async () => {
    const w = await videoWorld(t, { couple: true });
    const partnerData = await videoDataOf(t, w.partnerSession ?? w.clientSession);
    const clientData = await videoDataOf(t, w.clientSession);
    const therapistData = await videoDataOf(t, w.therapistSession, w.clientUid);
    expect(partnerData.channel).toBe(clientData.channel);
    const therapist = await joinSignal(url, therapistData.token, w.therapistSession);
    const client = await joinSignal(url, clientData.token, w.clientSession);
    const partner = await joinSignal(url, partnerData.token, w.partnerSession ?? w.clientSession);
    expect(partner.joined.peers.map((p) => p.peer_id).sort()).toEqual(
      [therapistData.peer_id, clientData.peer_id].sort(),
    );
    await client.client.next('peer_joined');
    partner.client.send({ type: 'signal', to: clientData.peer_id, data: offer });
    expect((await client.client.next('signal')).from).toBe(partnerData.peer_id);
    partner.client.send({ type: 'chat', text: 'Мы оба здесь', client_id: 'p-1' });
    for (const socket of [therapist, client, partner]) {
      expect((await socket.client.next('chat')).message.name).toBe('Павел Смирнов');
    }
    for (const socket of [therapist, client, partner]) socket.client.close();
  });
});

describe('bad input on the socket', () => {
  it('answers malformed and unknown messages with an error and keeps the call', async () => {
    const r = await room();
    r.client.sendRaw('not json at all');
    expect((await r.client.next('error')).code).toBe('malformed');
    r.client.send({ type: 'dance' });
    expect(await r.client.next('error')).toMatchObject({ code: 'unknown_type', message: 'Неизвестный тип сообщения' });
    r.client.send({ type: 'signal', data: offer });
    expect((await r.client.next('error')).code).toBe('malformed');
    r.client.send({ type: 'chat', text: '   ', client_id: 'x' });
    expect((await r.client.next('error')).code).toBe('malformed');
    r.client.sendRaw(Buffer.from([1, 2, 3]), true);
    expect((await r.client.next('error')).code).toBe('malformed');
    r.client.send({ type: 'join', token: r.data.client.token });
    expect((await r.client.next('error')).code).toBe('already_joined');
    r.client.send({ type: 'ping' });
    await r.client.next('pong');
    r.client.close();
    r.therapist.close();
  });

  it('closes a socket that sends an oversized frame, and leaves the other in the call', async () => {
    const r = await room();
    r.client.sendRaw(JSON.stringify({ type: 'chat', text: 'x'.repeat(SIGNAL_MAX_MESSAGE_BYTES), client_id: 'big' }));
    expect(await r.client.next('error')).toMatchObject({ code: 'too_large', message: 'Слишком большое сообщение' });
    expect((await r.client.closed).code).toBe(SIGNAL_CLOSE_CODES.too_large);
    expect((await r.therapist.next('peer_left')).peer_id).toBe(r.data.client.peer_id);

    const huge = await joinSignal(url, (await videoDataOf(t, r.w.clientSession)).token, r.w.clientSession);
    huge.client.sendRaw('x'.repeat(SIGNAL_MAX_MESSAGE_BYTES * 8));
    expect((await huge.client.closed).code).toBe(SIGNAL_CLOSE_CODES.too_large);

    r.therapist.send({ type: 'ping' });
    await r.therapist.next('pong');
    r.therapist.close();
  });

  it('cuts off a flood without touching the other participant', async () => {
    const r = await room();
    for (let i = 0; i < 500; i++)
      r.client.send({ type: 'state', state: { audio: i % 2 === 0, video: true, screen: false } });
    expect(await r.client.next('error')).toMatchObject({ code: 'rate_limited' });
    expect((await r.client.closed).code).toBe(SIGNAL_CLOSE_CODES.rate_limited);
    // The therapist got at most the burst, and still talks to the server.
    await settle();
    const states = r.therapist.all.filter((m) => m.type === 'state').length;
    expect(states).toBeLessThanOrEqual(t.ctx.config.VIDEO_SIGNAL_BURST + 5);
    r.therapist.send({ type: 'ping' });
    await r.therapist.next('pong');
    r.therapist.close();
  });

  it('answers a plain HTTP request to the socket path without a server error', async () => {
    const response = await fetch(url.replace(/^ws/, 'http'));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
