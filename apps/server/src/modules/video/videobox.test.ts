import { createHmac } from 'node:crypto';
import { ZApiErrorSchema, ZVideoDataSchema } from '@therapy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBusinessAccount, createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import { sessionOf } from '../../test/booking-world.ts';
import { verifyJoinToken } from './join-token.ts';
import { bindingOf, videoDataOf, videoWorld } from './testing.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({
    STUN_URLS: 'stun:127.0.0.1:3478',
    TURN_URLS: 'turn:127.0.0.1:3478?transport=udp, turn:127.0.0.1:3478?transport=tcp',
    TURN_SECRET: 'turn-shared-secret',
    VIDEO_TOKEN_TTL_MINUTES: '30',
    PUBLIC_URL: 'https://therapy.test',
  });
});
afterAll(() => t.app.close());

const MINUTE = 60_000;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/v1/user/slot/videobox', () => {
  it('gives the client the current session: room, a token for it, ICE servers with own TURN credentials', async () => {
    const w = await videoWorld(t, { startsInMs: 5 * MINUTE });
    const response = await get('/api/v1/user/slot/videobox', { cookie: w.clientSession.cookie, host: 'therapy.test' });
    expect(response.statusCode).toBe(200);
    const data = ZVideoDataSchema.parse(response.json());
    const startsAt = w.slot.startsAt.getTime();
    expect(data).toMatchObject({
      id: w.slotHashid,
      session_at: w.slot.startsAt.toISOString(),
      ends_at: new Date(startsAt + 50 * MINUTE).toISOString(),
      user_id: w.clientUid,
      uid: w.clientUid,
      peer_id: `client-${w.clientUid}`,
      remote_peer_id: `therapist-${w.therapistUid}`,
      rate_url: '/api/v1/user/slot/video_quality',
      app_id: 'builtin',
      channel: `slot-${w.slotHashid}`,
      device_detection_success: null,
      therapist_mode: false,
      therapy_type: 'single',
      opens_at: new Date(startsAt - 10 * MINUTE).toISOString(),
      closes_at: new Date(startsAt + 60 * MINUTE).toISOString(),
      participants: [
        { uid: w.therapistUid, name: 'Вера Лебедева', role: 'therapist' },
        { uid: w.clientUid, name: 'Анна Смирнова', role: 'client' },
      ],
      signal_url: 'wss://therapy.test/api/v1/video/signal',
      feedbackFreshSlotHashid: null,
    });

    const check = verifyJoinToken(t.ctx.config.VIDEO_TOKEN_SECRET, data.token, new Date());
    expect(check).toEqual({
      ok: true,
      claims: {
        slot: w.slotHashid,
        uid: w.clientUid,
        slotId: w.slot.id,
        userId: w.client.id,
        role: 'client',
        exp: Date.parse(data.token_expires_at) / 1000,
        // Bound to the sign-in that asked for it.
        sess: bindingOf(w.clientSession),
        // What the room needs, so a join reads nothing before `joined`.
        name: 'Анна Смирнова',
        tz: w.client.tz,
        at: [data.session_at, data.ends_at, data.opens_at, data.closes_at].map((iso) => Date.parse(iso)),
        chat: false,
      },
    });
    const ttl = Date.parse(data.token_expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(29 * MINUTE);
    expect(ttl).toBeLessThanOrEqual(30 * MINUTE);

    expect(data.ice_servers[0]).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    const turn = data.ice_servers[1];
    expect(turn?.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp']);
    const [expiry, uid] = (turn?.username ?? '').split(':');
    expect(uid).toBe(w.clientUid);
    expect(Number(expiry) * 1000 - Date.now()).toBeGreaterThan(5 * 60 * MINUTE);
    expect(turn?.credential).toBe(
      createHmac('sha1', 'turn-shared-secret')
        .update(turn?.username ?? '')
        .digest('base64'),
    );
  });

  it('answers outside the join window too, with when the room opens, and never a token outliving the room', async () => {
    const w = await videoWorld(t, { startsInMs: 3 * 24 * 60 * MINUTE });
    const data = await videoDataOf(t, w.clientSession);
    expect(Date.parse(data.opens_at)).toBe(w.slot.startsAt.getTime() - 10 * MINUTE);

    const ending = await videoWorld(t, { startsInMs: -55 * MINUTE });
    const late = await videoDataOf(t, ending.clientSession);
    expect(late.id).toBe(ending.slotHashid);
    expect(late.token_expires_at).toBe(new Date(Math.floor(Date.parse(late.closes_at) / 1000) * 1000).toISOString());
  });

  it('picks the current or next booked session, skipping closed, cancelled and other people’s', async () => {
    const w = await videoWorld(t, { startsInMs: -2 * 60 * MINUTE });
    const other = await createClient(t.ctx.db);
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() + 24 * 60 * MINUTE),
      status: 'cancelled',
    });
    await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: other.id,
      startsAt: new Date(Date.now() + 26 * 60 * MINUTE),
    });
    const none = await get('/api/v1/user/slot/videobox', { cookie: w.clientSession.cookie });
    expect(none.statusCode).toBe(404);
    expect(ZApiErrorSchema.parse(none.json()).error.message).toBe('Нет предстоящих сессий');

    const next = await createSlot(t.ctx.db, {
      therapistId: w.therapist.id,
      clientId: w.client.id,
      startsAt: new Date(Date.now() + 48 * 60 * MINUTE),
    });
    expect((await videoDataOf(t, w.clientSession)).id).toBe(t.ctx.hashids.encode('slot', next.id));
  });

  it('gives the partner of a couple the same session and room', async () => {
    const w = await videoWorld(t, { couple: true });
    const partnerUid = t.ctx.hashids.encode('user', w.partner?.id ?? 0);
    const client = await videoDataOf(t, w.clientSession);
    const partner = await videoDataOf(t, w.partnerSession ?? w.clientSession);
    expect(partner).toMatchObject({
      id: client.id,
      channel: client.channel,
      therapy_type: 'couple',
      uid: partnerUid,
      user_id: partnerUid,
      peer_id: `client-${partnerUid}`,
    });
    expect(partner.participants.map((p) => p.name)).toEqual(['Вера Лебедева', 'Анна Смирнова', 'Павел Смирнов']);
    expect(partner.token).not.toBe(client.token);
    // The therapist opens the couple's session from either client.
    expect((await videoDataOf(t, w.therapistSession, partnerUid)).id).toBe(client.id);
  });

  it('refuses other roles and anonymous callers', async () => {
    const w = await videoWorld(t);
    expect((await get('/api/v1/user/slot/videobox')).statusCode).toBe(401);
    expect((await get('/api/v1/user/slot/videobox', { cookie: w.therapistSession.cookie })).statusCode).toBe(403);
    const business = await sessionOf(t, await createBusinessAccount(t.ctx.db));
    expect((await get('/api/v1/user/slot/videobox', { cookie: business.cookie })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/therapist/users/:id/videobox', () => {
  it('gives the therapist their session with the client in therapist mode', async () => {
    const w = await videoWorld(t);
    const data = await videoDataOf(t, w.therapistSession, w.clientUid);
    expect(data).toMatchObject({
      id: w.slotHashid,
      user_id: w.clientUid,
      uid: w.therapistUid,
      peer_id: `therapist-${w.therapistUid}`,
      remote_peer_id: `client-${w.clientUid}`,
      therapist_mode: true,
      rate_url: '/api/v1/therapist/slot/video_quality',
    });
    expect(verifyJoinToken(t.ctx.config.VIDEO_TOKEN_SECRET, data.token, new Date())).toMatchObject({
      ok: true,
      claims: { role: 'therapist', uid: w.therapistUid },
    });
  });

  it('answers 404 for anyone who is not their client, and refuses other roles', async () => {
    const w = await videoWorld(t);
    const stranger = await createClient(t.ctx.db);
    const otherTherapist = await sessionOf(t, await createTherapist(t.ctx.db));
    const url = (id: string) => `/api/v1/therapist/users/${id}/videobox`;
    for (const [id, session] of [
      [t.ctx.hashids.encode('user', stranger.id), w.therapistSession],
      [w.clientUid, otherTherapist],
      ['not-a-hashid', w.therapistSession],
      [w.slotHashid, w.therapistSession],
    ] as const) {
      const response = await get(url(id), { cookie: session.cookie });
      expect(response.statusCode, id).toBe(404);
      expect(ZApiErrorSchema.parse(response.json()).error.code).toBe('not_found');
    }
    expect((await get(url('x'.repeat(40)), { cookie: w.therapistSession.cookie })).statusCode).toBe(422);
    expect((await get(url(w.clientUid), { cookie: w.clientSession.cookie })).statusCode).toBe(403);
    expect((await get(url(w.clientUid))).statusCode).toBe(401);
  });
});
