import {
  ZApiErrorSchema,
  ZConnectedTypesAnswerSchema,
  ZConnectedTypesResponseSchema,
  ZVideoStoredResponseSchema,
} from '@therapy/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoCallMetrics, videoConnectionReports, videoEvents } from '../../db/schema/index.ts';
import { notesKeyring } from '../../lib/notes-crypto.ts';
import { buildTestApp, type TTestApp } from '../../test/app.ts';
import type { TSession } from '../../test/booking-world.ts';
import { openEventMessage } from './sealed-notes.ts';
import { videoDataOf, videoWorld } from './testing.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const send = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method, url, headers, payload: payload as object });
const malformed = (method: 'POST' | 'PUT', url: string, session: TSession) =>
  t.app.inject({
    method,
    url,
    headers: { ...session.headers, 'content-type': 'application/json' },
    payload: '{"slot_hashid": [',
  });

/** The checks every write route of this file shares: 400, 404 for a foreign session, 403 for the other role and without CSRF, 401. */
async function expectGuarded(
  method: 'POST' | 'PUT',
  url: string,
  o: { own: TSession; otherRole: TSession; good: Record<string, unknown>; foreignSlot: string },
) {
  expect((await malformed(method, url, o.own)).statusCode).toBe(400);
  const foreign = await send(method, url, o.own.headers, { ...o.good, slot_hashid: o.foreignSlot });
  expect(foreign.statusCode).toBe(404);
  expect(ZApiErrorSchema.parse(foreign.json()).error.message).toBe('Сессия не найдена');
  expect((await send(method, url, o.otherRole.headers, o.good)).statusCode).toBe(403);
  const noCsrf = await send(method, url, { cookie: o.own.cookie }, o.good);
  expect(noCsrf.statusCode).toBe(403);
  expect(ZApiErrorSchema.parse(noCsrf.json()).error.code).toBe('csrf_invalid');
  expect((await send(method, url, {}, o.good)).statusCode).toBe(401);
}

describe('/api/v1/therapist/slot/user_connected_types', () => {
  const URL = '/api/v1/therapist/slot/user_connected_types';

  it('lists the options, stores the answer per session, and a second answer replaces the first', async () => {
    const w = await videoWorld(t, { startsInMs: -60 * 60_000 });
    const options = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: w.therapistSession.cookie } });
    const listed = ZConnectedTypesResponseSchema.parse(options.json());
    expect(listed.answer).toBeNull();
    expect(listed.options.map((o) => o.key)).toContain('browser_desktop');
    expect(listed.options.find((o) => o.key === 'not_connected')?.label).toBe('Клиент не подключился');

    const saved = await send('POST', URL, w.therapistSession.headers, {
      slot_hashid: w.slotHashid,
      types: ['browser_mobile', 'audio_only', 'browser_mobile'],
      comment: 'Плохая связь в начале',
    });
    expect(saved.statusCode).toBe(200);
    expect(ZConnectedTypesAnswerSchema.parse(saved.json())).toMatchObject({
      slot_hashid: w.slotHashid,
      types: ['browser_mobile', 'audio_only'],
      comment: 'Плохая связь в начале',
    });
    await send('POST', URL, w.therapistSession.headers, { slot_hashid: w.slotHashid, types: ['browser_desktop'] });
    const read = await t.app.inject({
      method: 'GET',
      url: `${URL}?slot_hashid=${w.slotHashid}`,
      headers: { cookie: w.therapistSession.cookie },
    });
    expect(ZConnectedTypesResponseSchema.parse(read.json()).answer).toMatchObject({
      types: ['browser_desktop'],
      comment: null,
    });
    const rows = await t.ctx.db
      .select()
      .from(videoConnectionReports)
      .where(eq(videoConnectionReports.slotId, w.slot.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input, foreign sessions, clients and missing CSRF', async () => {
    const w = await videoWorld(t);
    const other = await videoWorld(t);
    for (const [payload, field] of [
      [{ slot_hashid: w.slotHashid, types: [] }, 'types'],
      [{ slot_hashid: w.slotHashid, types: ['telepathy'] }, 'types.0'],
      [{ slot_hashid: w.slotHashid, types: 'browser_desktop' }, 'types'],
      [{ types: ['browser_desktop'] }, 'slot_hashid'],
      [{ slot_hashid: w.slotHashid, types: ['browser_desktop'], extra: 1 }, '_'],
    ] as const) {
      const response = await send('POST', URL, w.therapistSession.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      if (field !== '_')
        expect(Object.keys(ZApiErrorSchema.parse(response.json()).error.fields ?? {})).toContain(field);
    }
    await expectGuarded('POST', URL, {
      own: w.therapistSession,
      otherRole: w.clientSession,
      good: { slot_hashid: w.slotHashid, types: ['browser_desktop'] },
      foreignSlot: other.slotHashid,
    });
    const foreignRead = await t.app.inject({
      method: 'GET',
      url: `${URL}?slot_hashid=${other.slotHashid}`,
      headers: { cookie: w.therapistSession.cookie },
    });
    expect(foreignRead.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: URL, headers: { cookie: w.clientSession.cookie } })).statusCode,
    ).toBe(403);
    const rows = await t.ctx.db
      .select()
      .from(videoConnectionReports)
      .where(eq(videoConnectionReports.slotId, w.slot.id));
    expect(rows).toEqual([]);
  });
});

describe('PUT /api/v1/therapist/slot/metrics', () => {
  const URL = '/api/v1/therapist/slot/metrics';
  const summary = {
    rtt_ms: 42.5,
    packet_loss_pct: 0.4,
    bitrate_in_kbps: 1450,
    bitrate_out_kbps: 1320,
    frame_width: 1280,
    frame_height: 720,
    relayed: false,
  };

  it('stores the call quality per participant and session; a later summary replaces the earlier one', async () => {
    const w = await videoWorld(t, { startsInMs: -20 * 60_000 });
    const whole = await send('PUT', URL, w.therapistSession.headers, { slot_hashid: w.slotHashid, ...summary });
    expect(ZVideoStoredResponseSchema.parse(whole.json())).toEqual({ success: true, stored: 1 });
    await send('PUT', URL, w.therapistSession.headers, { slot_hashid: w.slotHashid, rtt_ms: 80 });
    await send('PUT', URL, w.therapistSession.headers, {
      slot_hashid: w.slotHashid,
      peer_uid: w.clientUid,
      ...summary,
    });
    const rows = await t.ctx.db
      .select()
      .from(videoCallMetrics)
      .where(and(eq(videoCallMetrics.slotId, w.slot.id), eq(videoCallMetrics.userId, w.therapist.id)));
    const overall = rows.find((r) => r.peerUserId === null);
    expect(rows).toHaveLength(2);
    expect(overall).toMatchObject({ rttMs: 80, frameWidth: null });
    expect(rows.find((r) => r.peerUserId === w.client.id)).toMatchObject({
      rttMs: 42.5,
      frameWidth: 1280,
      frameHeight: 720,
      relayed: false,
    });
  });

  it('refuses figures out of range, strangers as peers, foreign sessions, clients and missing CSRF', async () => {
    const w = await videoWorld(t);
    const other = await videoWorld(t);
    for (const [payload, field] of [
      [{ slot_hashid: w.slotHashid, rtt_ms: -1 }, 'rtt_ms'],
      [{ slot_hashid: w.slotHashid, packet_loss_pct: 101 }, 'packet_loss_pct'],
      [{ slot_hashid: w.slotHashid, frame_width: 'wide' }, 'frame_width'],
      [{ slot_hashid: w.slotHashid, frame_height: 720.5 }, 'frame_height'],
      [{ rtt_ms: 10 }, 'slot_hashid'],
      [{ slot_hashid: w.slotHashid, peer_uid: other.clientUid }, 'peer_uid'],
      [{ slot_hashid: w.slotHashid, peer_uid: w.therapistUid }, 'peer_uid'],
    ] as const) {
      const response = await send('PUT', URL, w.therapistSession.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(ZApiErrorSchema.parse(response.json()).error.fields ?? {})).toContain(field);
    }
    await expectGuarded('PUT', URL, {
      own: w.therapistSession,
      otherRole: w.clientSession,
      good: { slot_hashid: w.slotHashid, ...summary },
      foreignSlot: other.slotHashid,
    });
    expect(await t.ctx.db.select().from(videoCallMetrics).where(eq(videoCallMetrics.slotId, w.slot.id))).toEqual([]);
  });
});

describe('POST /api/v1/therapist/slot/analytics and POST /api/v1/user/slot/log', () => {
  const ANALYTICS = '/api/v1/therapist/slot/analytics';
  const LOG = '/api/v1/user/slot/log';
  const eventsOf = (slotId: number) =>
    t.ctx.db.select().from(videoEvents).where(eq(videoEvents.slotId, slotId)).orderBy(videoEvents.id);

  it('stores the therapist’s notes and events', async () => {
    const w = await videoWorld(t, { startsInMs: -30 * 60_000 });
    const response = await send('POST', ANALYTICS, w.therapistSession.headers, {
      slot_hashid: w.slotHashid,
      events: [
        { type: 'note', message: 'Клиент рассказал о работе' },
        { type: 'client.late', data: { minutes: 5 }, at: '2026-11-22T11:35:00+03:00' },
      ],
    });
    expect(ZVideoStoredResponseSchema.parse(response.json())).toEqual({ success: true, stored: 2 });
    const rows = await eventsOf(w.slot.id);
    // The note's text is stored sealed and opens only with the notes key, for its session and author.
    expect(rows.map((r) => [r.source, r.type, r.message?.startsWith('nk1.') ?? null, r.data])).toEqual([
      ['therapist_analytics', 'note', true, null],
      ['therapist_analytics', 'client.late', null, { minutes: 5 }],
    ]);
    expect(rows[0]?.message).not.toContain('работе');
    expect(rows.map((r) => (r.message ? openEventMessage(notesKeyring(t.ctx.config), r) : null))).toEqual([
      'Клиент рассказал о работе',
      null,
    ]);
    expect(rows[1]?.occurredAt.toISOString()).toBe('2026-11-22T08:35:00.000Z');
  });

  it('stores the client’s log; the device check sets the flag of the video data, metrics are kept', async () => {
    const w = await videoWorld(t);
    expect((await videoDataOf(t, w.clientSession)).device_detection_success).toBeNull();
    const response = await send('POST', LOG, w.clientSession.headers, {
      slot_hashid: w.slotHashid,
      events: [{ type: 'ice.state', level: 'warn', data: { state: 'disconnected' } }],
      device_check: { success: true, camera: true, microphone: true, speaker: false },
      metrics: { rtt_ms: 35, frame_width: 640, frame_height: 480 },
    });
    expect(ZVideoStoredResponseSchema.parse(response.json())).toEqual({ success: true, stored: 3 });
    expect((await videoDataOf(t, w.clientSession)).device_detection_success).toBe(true);
    expect((await videoDataOf(t, w.therapistSession, w.clientUid)).device_detection_success).toBeNull();
    await send('POST', LOG, w.clientSession.headers, { slot_hashid: w.slotHashid, device_check: { success: false } });
    expect((await videoDataOf(t, w.clientSession)).device_detection_success).toBe(false);

    const rows = await eventsOf(w.slot.id);
    expect(rows.map((r) => [r.type, r.level])).toEqual([
      ['ice.state', 'warn'],
      ['device_check', 'info'],
      ['device_check', 'warn'],
    ]);
    const [metrics] = await t.ctx.db.select().from(videoCallMetrics).where(eq(videoCallMetrics.slotId, w.slot.id));
    expect(metrics).toMatchObject({ userId: w.client.id, peerUserId: null, rttMs: 35, frameWidth: 640 });
  });

  it('refuses bad events, foreign sessions, the other role and missing CSRF', async () => {
    const w = await videoWorld(t);
    const other = await videoWorld(t);
    const bad: [object, string][] = [
      [{ slot_hashid: w.slotHashid, events: [{ type: 'Bad Type' }] }, 'events.0.type'],
      [{ slot_hashid: w.slotHashid, events: [{ type: 'x', level: 'fatal' }] }, 'events.0.level'],
      [{ slot_hashid: w.slotHashid, events: [{ type: 'x', at: 'yesterday' }] }, 'events.0.at'],
      [{ slot_hashid: w.slotHashid, events: [{ type: 'x', data: { nested: { a: 1 } } }] }, 'events.0.data.nested'],
      [{ slot_hashid: w.slotHashid, events: Array.from({ length: 101 }, () => ({ type: 'x' })) }, 'events'],
      [{ slot_hashid: w.slotHashid, device_check: { camera: true } }, 'device_check.success'],
      [{ slot_hashid: w.slotHashid, events: 'many' }, 'events'],
      [{ events: [] }, 'slot_hashid'],
    ];
    for (const [payload, field] of bad) {
      const response = await send('POST', LOG, w.clientSession.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(ZApiErrorSchema.parse(response.json()).error.fields ?? {})).toContain(field);
    }
    await expectGuarded('POST', LOG, {
      own: w.clientSession,
      otherRole: w.therapistSession,
      good: { slot_hashid: w.slotHashid, events: [{ type: 'x' }] },
      foreignSlot: other.slotHashid,
    });
    await expectGuarded('POST', ANALYTICS, {
      own: w.therapistSession,
      otherRole: w.clientSession,
      good: { slot_hashid: w.slotHashid, events: [{ type: 'note', message: 'x' }] },
      foreignSlot: other.slotHashid,
    });
    expect(await eventsOf(w.slot.id)).toEqual([]);
  });
});
