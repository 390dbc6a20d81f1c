import { randomUUID } from 'node:crypto';
import {
  SIGNAL_MAX_MESSAGE_BYTES,
  type TChatMessage,
  type TClientSignalMessage,
  type TServerSignalMessage,
  ZClientSignalMessageSchema,
} from '@therapy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { TAppContext } from '../../../context.ts';
import { authorizeJoin, type TRecheck } from './authorize-join.ts';
import { loadChatHistory, saveChatMessage } from './chat-store.ts';
import { completeSlot } from './end-session.ts';
import type { TJoinBatches } from './join-batches.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { RoomBusUnavailableError } from './room-bus.ts';
import { sessionLive } from './session-alive.ts';
import { signalFailure, type TSignalFailure } from './signal-errors.ts';
import type { TLocalPeer, TSignalHub } from './signal-hub.ts';

/** A socket that has not sent a valid `join` within this long is closed. */
const JOIN_TIMEOUT_MS = 10_000;
const KNOWN_TYPES = new Set(['join', 'signal', 'state', 'chat', 'end', 'ping']);
const NO_MEDIA = { audio: false, video: false, screen: false };

export type TSignalDeps = { ctx: TAppContext; hub: TSignalHub; batches: TJoinBatches; log: FastifyBaseLogger };

/** How often a joined socket checks that its sign-in still exists (a logout elsewhere ends the call here too). */
export type TSignalSocketOptions = {
  perSecond: number;
  burst: number;
  /** The key of the sign-in that opened the socket (the sha256 of its cookie at the upgrade), or null without one. */
  sessionKey: string | null;
  sessionCheckMs: number;
};

const byteLengthOf = (data: RawData): number =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.byteLength, 0) : data.byteLength;

const textOf = (data: RawData): string =>
  Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');

/** Parses one frame; anything that is not a message of the protocol is a failure, never an exception. */
function parseMessage(text: string): TClientSignalMessage | TSignalFailure {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return signalFailure('malformed');
  }
  const parsed = ZClientSignalMessageSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const type = json && typeof json === 'object' && 'type' in json ? json.type : undefined;
  return signalFailure(typeof type === 'string' && !KNOWN_TYPES.has(type) ? 'unknown_type' : 'malformed');
}

/**
 * One signaling socket: the first message must be a `join` with a valid token; then
 * signals go to one peer of the room, state and chat to all of it, and `end` (therapist
 * only) closes the session. Frames over 64 KiB and floods close the socket; malformed and
 * unknown messages get an error and are otherwise ignored. Messages of one socket are
 * handled one after another, in order. The socket lives only as long as the sign-in that
 * opened it: once it is gone (logout, expiry) the socket is closed with `signed_out`.
 */
export function handleSignalSocket(deps: TSignalDeps, socket: WebSocket, options: TSignalSocketOptions) {
  const { ctx, hub, batches, log } = deps;
  const limiter = createRateLimiter(options.perSecond, options.burst);
  let sessionCheck: NodeJS.Timeout | undefined;
  let local: TLocalPeer | null = null;
  let phase: 'awaiting_join' | 'joining' | 'joined' | 'closed' = 'awaiting_join';
  /** A join came (it may still be checked): the messages after it are handled once it is done. */
  let joinReceived = false;
  // Read through a call where an await lies between: the socket may have closed meanwhile.
  const stillJoining = () => phase === 'joining';
  let queue: Promise<void> = Promise.resolve();

  const send = (message: TServerSignalMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const close = (code: number, reason: string) => {
    phase = 'closed';
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  };
  const fail = (failure: TSignalFailure) => {
    send({ type: 'error', code: failure.code, message: failure.message });
    if (failure.close !== null) close(failure.close, failure.code);
  };

  const joinTimer = setTimeout(() => {
    if (phase === 'awaiting_join') fail(signalFailure('join_required'));
  }, JOIN_TIMEOUT_MS);
  joinTimer.unref();

  async function join(message: Extract<TClientSignalMessage, { type: 'join' }>) {
    phase = 'joining';
    const decision = await authorizeJoin(ctx, batches, message.token, new Date(), options.sessionKey);
    if (!decision.ok) return fail(decision.failure);
    if (!stillJoining()) return;
    const { participant } = decision;
    const peer = {
      peer_id: participant.peerId,
      uid: participant.uid,
      name: participant.name,
      role: participant.role,
      state: message.state ?? NO_MEDIA,
    };
    const early: TChatMessage[] = [];
    local = {
      conn: randomUUID(),
      participant,
      peer,
      entered: false,
      ready: false,
      replaced: false,
      earlyChat: early,
      send: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      close,
    };
    // Who joined is stored off the join's path (batched with the other joins, tried again if it fails); the room's
    // time-up and a shutdown wait for it (batches.flush).
    batches
      .recordJoin(participant.slotId, participant.userId, new Date())
      .catch((err: unknown) => log.error({ err, slotId: participant.slotId }, 'recording who joined failed'));
    const peers = await hub.enter(local);
    // The history is read when the chat had lines at the token's minting, or this node saw a line in the room since.
    const withHistory = decision.chatAtMint || hub.hasChat(participant.room);
    const history = withHistory ? await loadChatHistory(ctx, participant.slotId) : [];
    // A line sent while this socket was entering is in the history, or came through the room, or both.
    const known = new Set(history.map((line) => line.id));
    const chat = [...history, ...early.filter((line) => !known.has(line.id))];
    local.earlyChat = undefined;
    if (!stillJoining() || local.replaced) return;
    // Without the history the check beside the join may bring lines: it sends those this socket has not had.
    const chatSent = withHistory ? null : new Set(chat.map((line) => line.id));
    if (chatSent) local.chatSent = chatSent;
    send({ type: 'joined', peer_id: peer.peer_id, peers, chat, ends_at: participant.endsAt.toISOString() });
    phase = 'joined';
    await hub.announce(local);
    if (options.sessionKey) watchSession(options.sessionKey, participant.userId);
    // Off the join's path, not holding up the messages behind it.
    void confirm(decision.recheck, chatSent);
  }

  /**
   * The session's row, read beside the join: a refusal (cancelled, completed or moved since the token was minted,
   * the person no longer in it) closes the socket, and the others hear them leave. Lines written since the token was
   * minted that `joined` did not carry (`sent` = what it carried; null: it had the history) follow as `chat`
   * messages, which the page merges by id.
   */
  async function confirm(recheck: () => Promise<TRecheck>, sent: Set<string> | null) {
    try {
      const result = await recheck();
      if (phase !== 'joined') return;
      if (!result.ok) return fail(result.failure);
      if (!result.hasChat || !sent || !local) return;
      const history = await loadChatHistory(ctx, local.participant.slotId);
      for (const message of history) {
        if (sent.has(message.id)) continue;
        sent.add(message.id);
        send({ type: 'chat', message });
      }
      local.chatSent = undefined;
    } catch (err) {
      if (phase !== 'joined') return;
      log.error({ err }, 'checking a join against the database failed');
      fail(signalFailure('internal'));
    }
  }

  /**
   * Checks the sign-in every `sessionCheckMs`, the first time at a random point of the first period, so the sockets
   * of a burst of joins do not all check at once.
   */
  function watchSession(sessionKey: string, userId: number) {
    const check = () => {
      queue = queue
        .then(async () => {
          if (phase !== 'joined') return;
          if (!(await sessionLive(ctx, batches, sessionKey, userId, new Date(), 'wait')))
            fail(signalFailure('signed_out'));
        })
        .catch((err: unknown) => log.warn({ err }, 'checking the session of a signaling socket failed'));
    };
    sessionCheck = setTimeout(() => {
      check();
      sessionCheck = setInterval(check, options.sessionCheckMs);
      sessionCheck.unref();
    }, Math.random() * options.sessionCheckMs);
    sessionCheck.unref();
  }

  async function handle(message: TClientSignalMessage) {
    if (phase === 'closed') return;
    if (message.type === 'join') {
      if (phase !== 'awaiting_join') return fail(signalFailure('already_joined'));
      return join(message);
    }
    if (phase !== 'joined' || !local) return fail(signalFailure('join_required'));
    switch (message.type) {
      case 'ping':
        return send({ type: 'pong' });
      case 'signal':
        return hub.relay(local, message.to, message.data);
      case 'state':
        return hub.setState(local, message.state);
      case 'chat': {
        const chat = await saveChatMessage(ctx, local.participant, message.text, message.client_id);
        return hub.broadcast(local.participant.room, { type: 'chat', message: chat });
      }
      case 'end': {
        if (local.participant.role !== 'therapist') return fail(signalFailure('forbidden'));
        await completeSlot(ctx, local.participant.slotId);
        return hub.end(local.participant.room, 'therapist_ended', local.participant.slotHashid);
      }
    }
  }

  socket.on('message', (data: RawData, isBinary: boolean) => {
    if (phase === 'closed') return;
    if (byteLengthOf(data) > SIGNAL_MAX_MESSAGE_BYTES) return fail(signalFailure('too_large'));
    if (!limiter.take()) return fail(signalFailure('rate_limited'));
    const parsed = isBinary ? signalFailure('malformed') : parseMessage(textOf(data));
    if ('code' in parsed) {
      // Before a join nothing but a join is accepted.
      return fail(joinReceived ? parsed : signalFailure('join_required'));
    }
    if (!joinReceived && parsed.type !== 'join') return fail(signalFailure('join_required'));
    // What comes right behind the join (a page sends its offer with it) waits in the queue until the join is done.
    if (parsed.type === 'join') joinReceived = true;
    queue = queue
      .then(() => handle(parsed))
      .catch((err: unknown) => {
        if (err instanceof RoomBusUnavailableError) {
          // Redis is away: the browser is told in words and reconnects with back-off until it is back.
          log.warn({ err }, 'signaling unavailable');
          return fail(signalFailure('unavailable'));
        }
        log.error({ err }, 'signaling message failed');
        fail(signalFailure('internal'));
      });
  });

  socket.on('error', (err) => log.debug({ err }, 'signaling socket error'));

  socket.on('close', () => {
    phase = 'closed';
    clearTimeout(joinTimer);
    clearTimeout(sessionCheck);
    clearInterval(sessionCheck);
    // After whatever this socket was still doing (a join half-way), it leaves the room.
    queue = queue
      .then(() => (local ? hub.leave(local) : undefined))
      .catch((err: unknown) => log.warn({ err }, 'leaving a room failed'));
  });
}
