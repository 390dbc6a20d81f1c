import { SIGNAL_CLOSE_CODES, type TServerSignalMessage } from '@therapy/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWebSocketConstructor } from './signaling-client.ts';
import { createSignalingClient, signalSocketUrl, WARM_MAX_MS, WARM_RENEW_MS } from './signaling-client.ts';
import { FakeWebSocket, resetFakes } from './testing/fakes.ts';

const STATE = { audio: true, video: true, screen: false };
const JOINED: TServerSignalMessage = {
  type: 'joined',
  peer_id: 'p1',
  peers: [],
  chat: [],
  ends_at: '2026-11-22T12:20:00Z',
};

function setup(overrides: { random?: () => number } = {}) {
  const messages: TServerSignalMessage[] = [];
  const reconnects: Array<[number, number]> = [];
  const closes: number[] = [];
  let tokens = 0;
  const client = createSignalingClient({
    url: 'wss://therapy.test/api/v1/video/signal',
    WebSocketImpl: FakeWebSocket as unknown as TWebSocketConstructor,
    getJoin: async () => ({ token: `token-${++tokens}`, state: STATE }),
    onMessage: (message) => messages.push(message),
    onReconnecting: (attempt, delay) => reconnects.push([attempt, delay]),
    onClosed: (code) => closes.push(code),
    random: overrides.random ?? (() => 0),
    pingIntervalMs: 10_000,
    idleTimeoutMs: 25_000,
  });
  return { client, messages, reconnects, closes };
}

beforeEach(() => {
  resetFakes();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signaling client', () => {
  it('resolves a relative signal_url to ws: or wss: on the page host', () => {
    expect(signalSocketUrl('/api/v1/video/signal', 'https://therapy.test/lk/call')).toBe(
      'wss://therapy.test/api/v1/video/signal',
    );
    expect(signalSocketUrl('/s', 'http://127.0.0.1:3210/x')).toBe('ws://127.0.0.1:3210/s');
    expect(signalSocketUrl('wss://other.test/s', 'https://therapy.test/')).toBe('wss://other.test/s');
  });

  it('joins with the token first, then delivers the server messages, skipping malformed ones', async () => {
    const { client, messages } = setup();
    client.connect();
    const socket = FakeWebSocket.last();
    // Nothing but the join goes out before the server says joined.
    expect(client.send({ type: 'ping' })).toBe(false);
    socket.serverOpen();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([{ type: 'join', token: 'token-1', state: STATE }]);
    socket.serverSendRaw('{not json');
    socket.serverSend({ type: 'surprise' });
    socket.serverSend(JOINED);
    expect(messages).toEqual([JOINED]);
    expect(client.joined).toBe(true);
    expect(client.send({ type: 'state', state: STATE })).toBe(true);
  });

  it('pings to keep the socket alive and drops a socket that went silent', async () => {
    const { client, reconnects } = setup();
    client.connect();
    const socket = FakeWebSocket.last();
    socket.serverOpen();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverSend(JOINED);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sentOfType('ping')).toHaveLength(1);
    socket.serverSend({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(socket.sentOfType('ping')).toHaveLength(3);
    expect(reconnects).toEqual([]);
    // No pong for more than 25 s: the socket is dead even if it never said so.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.closedByClient).toBe(true);
    expect(reconnects).toHaveLength(1);
  });

  it('reconnects with exponential back-off and jitter, and joins again with a fresh token', async () => {
    const { client, reconnects } = setup({ random: () => 0 });
    client.connect();
    FakeWebSocket.last().serverOpen();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.last().sentOfType('join')[0]?.token).toBe('token-1');
    FakeWebSocket.last().serverClose();
    expect(reconnects).toEqual([[1, 250]]);
    await vi.advanceTimersByTimeAsync(249);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().serverClose();
    await vi.advanceTimersByTimeAsync(500);
    FakeWebSocket.last().serverClose();
    await vi.advanceTimersByTimeAsync(1000);
    FakeWebSocket.last().serverClose();
    expect(reconnects.map(([attempt, delay]) => [attempt, delay])).toEqual([
      [1, 250],
      [2, 500],
      [3, 1000],
      [4, 2000],
    ]);
    // The 5th socket opens and joins: a successful join resets the back-off.
    await vi.advanceTimersByTimeAsync(2000);
    const socket = FakeWebSocket.last();
    expect(FakeWebSocket.instances).toHaveLength(5);
    socket.serverOpen();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sentOfType('join')[0]?.token).toBe('token-2');
    socket.serverSend(JOINED);
    socket.serverClose();
    expect(reconnects[reconnects.length - 1]).toEqual([1, 250]);
  });

  it('uses the jitter: delays differ with the random source but stay within the ceiling', () => {
    const { client, reconnects } = setup({ random: () => 0.999 });
    client.connect();
    FakeWebSocket.last().serverClose();
    expect(reconnects[0]?.[1]).toBe(500);
  });

  it('reconnects at once when the browser comes back online', async () => {
    const { client } = setup();
    client.connect();
    FakeWebSocket.last().serverClose();
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.reconnectNow();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects after a server restart (1012) and after Redis was away (1013)', async () => {
    const { client, reconnects, closes } = setup();
    client.connect();
    FakeWebSocket.last().serverClose(SIGNAL_CLOSE_CODES.service_restart);
    expect(reconnects).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    FakeWebSocket.last().serverClose(SIGNAL_CLOSE_CODES.try_again_later);
    expect(reconnects).toHaveLength(2);
    expect(closes).toEqual([]);
  });

  it('does not reconnect after a final close (refused, ended, replaced), but does after an expired token', async () => {
    const { client, reconnects, closes } = setup();
    client.connect();
    FakeWebSocket.last().serverClose(4004);
    expect(reconnects).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    FakeWebSocket.last().serverClose(1011);
    expect(reconnects).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    FakeWebSocket.last().serverClose(4003);
    expect(reconnects).toHaveLength(2);
    expect(closes).toEqual([4003]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('stops for good on close()', async () => {
    const { client, reconnects } = setup();
    client.connect();
    const socket = FakeWebSocket.last();
    socket.serverOpen();
    client.close();
    expect(socket.closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(reconnects).toEqual([]);
  });

  it('opens its socket ahead of the join and joins on it at once, without a second connection', async () => {
    const { client, messages } = setup();
    client.prepare();
    const socket = FakeWebSocket.last();
    socket.serverOpen();
    await vi.advanceTimersByTimeAsync(1000);
    // Waiting: nothing is sent, nothing reaches the call.
    expect(socket.sent).toEqual([]);
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.sent).toEqual([{ type: 'join', token: 'token-1', state: STATE }]);
    socket.serverSend(JOINED);
    expect(messages).toEqual([JOINED]);
    expect(client.joined).toBe(true);
  });

  it('replaces the waiting socket before the server’s 10 s join limit, and stops after a while', async () => {
    const { client } = setup();
    client.prepare();
    const first = FakeWebSocket.last();
    first.serverOpen();
    await vi.advanceTimersByTimeAsync(WARM_RENEW_MS);
    expect(first.closedByClient).toBe(true);
    const second = FakeWebSocket.last();
    expect(second).not.toBe(first);
    await vi.advanceTimersByTimeAsync(WARM_MAX_MS);
    const opened = FakeWebSocket.instances.length;
    expect(opened).toBeLessThanOrEqual(2 + WARM_MAX_MS / WARM_RENEW_MS);
    await vi.advanceTimersByTimeAsync(5 * WARM_RENEW_MS);
    expect(FakeWebSocket.instances).toHaveLength(opened);
    expect(FakeWebSocket.instances.every((socket) => socket.closedByClient)).toBe(true);
    // A join after that opens its own socket.
    client.connect();
    expect(FakeWebSocket.instances).toHaveLength(opened + 1);
  });

  it('forgets a waiting socket the server closed, says nothing of it, and joins on a fresh one', async () => {
    const { client, closes, reconnects } = setup();
    client.prepare();
    const waiting = FakeWebSocket.last();
    waiting.serverOpen();
    waiting.serverClose(SIGNAL_CLOSE_CODES.join_required);
    await vi.advanceTimersByTimeAsync(0);
    expect(closes).toEqual([]);
    expect(reconnects).toEqual([]);
    client.connect();
    const fresh = FakeWebSocket.last();
    expect(fresh).not.toBe(waiting);
    fresh.serverOpen();
    await vi.advanceTimersByTimeAsync(0);
    expect(fresh.sentOfType('join')).toHaveLength(1);
  });

  it('closes the waiting socket with the client', () => {
    const { client } = setup();
    client.prepare();
    client.close();
    expect(FakeWebSocket.last().closedByClient).toBe(true);
  });
});
