import { SIGNAL_CLOSE_CODES, ZApiErrorSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authSessions } from '../../../db/schema/index.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { buildTestApp, type TTestApp } from '../../../test/app.ts';
import { sessionOf, type TSession } from '../../../test/booking-world.ts';
import { connectSignal, joinSignal, signalUrlOf, videoDataOf, videoWorld } from '../testing.ts';

let t: TTestApp;
let url: string;
beforeAll(async () => {
  // The PUBLIC_URL a browser reaches us at; the socket's own address is allowed too outside production.
  t = await buildTestApp({ PUBLIC_URL: 'https://therapy.test', VIDEO_SESSION_CHECK_SECONDS: '1' });
  url = signalUrlOf(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(() => t.app.close());

/** Tries to join with a token and whatever cookie is given; the refusal and the close that follows. */
async function refusal(token: string, session: TSession | null) {
  const socket = await connectSignal(url, { session });
  socket.send({ type: 'join', token });
  const error = await socket.next('error');
  // Refused at the join itself: the room was never opened to it.
  expect(socket.all.some((message) => message.type === 'joined')).toBe(false);
  return { error, closed: await socket.closed };
}

/** The HTTP answer to a WebSocket upgrade that is refused before it happens. */
function upgradeStatus(headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.on('error', () => undefined);
  });
}

const logout = (session: TSession) =>
  t.app.inject({ method: 'POST', url: '/user/auth/logout', headers: session.headers });

describe('a join token is bound to the sign-in it was handed to', () => {
  it('is refused without the session cookie, with another person’s cookie, or with another sign-in of the same person', async () => {
    const w = await videoWorld(t);
    const token = (await videoDataOf(t, w.clientSession)).token;

    const bare = await refusal(token, null);
    expect(bare.error).toMatchObject({ code: 'signed_out', message: expect.stringMatching(/Войдите снова/) });
    expect(bare.closed.code).toBe(SIGNAL_CLOSE_CODES.forbidden);

    // The therapist of the same session holds a cookie of their own: the client's token is not theirs.
    const borrowed = await refusal(token, w.therapistSession);
    expect(borrowed.error).toMatchObject({ code: 'signed_out', message: expect.stringMatching(/другому входу/) });
    expect(borrowed.closed.code).toBe(SIGNAL_CLOSE_CODES.forbidden);

    // The same client signed in elsewhere: a token minted for the first sign-in does not follow.
    const elsewhere = await refusal(token, await sessionOf(t, w.client));
    expect(elsewhere.error.code).toBe('signed_out');

    // With its own cookie it works.
    const { client } = await joinSignal(url, token, w.clientSession);
    client.close();
  });

  it('stops working after a logout, and when the session expired', async () => {
    const w = await videoWorld(t);
    const token = (await videoDataOf(t, w.clientSession)).token;
    expect((await logout(w.clientSession)).statusCode).toBe(200);
    const afterLogout = await refusal(token, w.clientSession);
    expect(afterLogout.error.code).toBe('signed_out');

    const therapistToken = (await videoDataOf(t, w.therapistSession, w.clientUid)).token;
    const tokenHash = sha256(w.therapistSession.cookie.split('=')[1] ?? '');
    await t.ctx.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.tokenHash, tokenHash));
    // Expiry is a time the cached copy knows as well; a row aged by hand is what a node without a copy reads.
    t.ctx.sessions.drop(tokenHash);
    const expired = await refusal(therapistToken, w.therapistSession);
    expect(expired.error.code).toBe('signed_out');
  });

  it('closes a joined socket once its user logs out; the other participant hears them leave', async () => {
    const w = await videoWorld(t);
    const therapist = await joinSignal(
      url,
      (await videoDataOf(t, w.therapistSession, w.clientUid)).token,
      w.therapistSession,
    );
    const client = await joinSignal(url, (await videoDataOf(t, w.clientSession)).token, w.clientSession);
    await therapist.client.next('peer_joined');

    expect((await logout(w.clientSession)).statusCode).toBe(200);
    expect((await client.client.next('error', 3000)).code).toBe('signed_out');
    expect((await client.client.closed).code).toBe(SIGNAL_CLOSE_CODES.forbidden);
    expect((await therapist.client.next('peer_left', 3000)).peer_id).toBe(client.joined.peer_id);
    therapist.client.close();
  });
});

describe('the signaling socket only opens from our own pages', () => {
  it('refuses an upgrade from a foreign Origin, or with none, in our error shape', async () => {
    const w = await videoWorld(t);
    const refusedHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example', cookie: w.clientSession.cookie },
      { origin: 'https://therapy.test.evil.example', cookie: w.clientSession.cookie },
      { origin: 'null', cookie: w.clientSession.cookie },
      { cookie: w.clientSession.cookie },
    ];
    for (const headers of refusedHeaders) {
      const refused = await upgradeStatus(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(ZApiErrorSchema.parse(JSON.parse(refused.body)).error).toEqual({
        code: 'forbidden',
        message: 'Подключение к видеосессии с этого сайта запрещено',
        request_id: expect.any(String),
      });
    }
  });

  it('accepts PUBLIC_URL’s origin', async () => {
    const w = await videoWorld(t);
    const token = (await videoDataOf(t, w.clientSession)).token;
    const socket = await connectSignal(url, { session: w.clientSession, origin: 'https://therapy.test' });
    socket.send({ type: 'join', token, state: { audio: false, video: false, screen: false } });
    expect((await socket.next('joined')).peer_id).toBe(`client-${w.clientUid}`);
    socket.close();
  });
});

describe('signal_url', () => {
  it('comes from PUBLIC_URL, whatever Host or X-Forwarded-Host the request carries', async () => {
    const w = await videoWorld(t);
    for (const headers of [
      {},
      { host: 'evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/user/slot/videobox',
        headers: { cookie: w.clientSession.cookie, ...headers },
      });
      expect(response.json<{ signal_url: string }>().signal_url).toBe('wss://therapy.test/api/v1/video/signal');
    }
  });
});
