/**
 * The signaling socket: joins with the token, keeps the socket alive with pings, and when the socket is lost
 * reconnects with exponential back-off and jitter and joins again (asking for the token afresh, so an expired one
 * can be replaced). Only a deliberate `close()` stops it; what the messages mean is the call's business.
 */
import {
  SIGNAL_CLOSE_CODES,
  type TClientSignalMessage,
  type TMediaState,
  type TServerSignalMessage,
} from '@therapy/contract';
import { backoffDelay, DEFAULT_BACKOFF, type TBackoffOptions } from './backoff.ts';
import { markCallPhase } from './call-marks.ts';
import { parseServerMessage } from './server-message.ts';

export type TWebSocketLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
};

export type TWebSocketConstructor = new (url: string) => TWebSocketLike;

const CONNECTING = 0;
const OPEN = 1;
/** A socket opened ahead is replaced before the server's 10 s join limit closes it… */
export const WARM_RENEW_MS = 8000;
/** …for this long at most; a join after that opens its socket then. */
export const WARM_MAX_MS = 5 * 60_000;

/**
 * Close codes after which joining again cannot help (the contract's SIGNAL_CLOSE_CODES): the session ended, the
 * token or person was refused, another tab took over, the room is closed, a flood or an oversized frame. Anything
 * else (going away, a service restart, try again later, internal, an abnormal close, an expired token) is worth a
 * reconnect.
 */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  SIGNAL_CLOSE_CODES.ended,
  SIGNAL_CLOSE_CODES.join_required,
  SIGNAL_CLOSE_CODES.forbidden,
  SIGNAL_CLOSE_CODES.replaced,
  SIGNAL_CLOSE_CODES.room_closed,
  SIGNAL_CLOSE_CODES.rate_limited,
  SIGNAL_CLOSE_CODES.too_large,
]);

export function isFinalClose(code: number): boolean {
  return FINAL_CLOSE_CODES.has(code);
}

export type TJoinMessage = { token: string; state: TMediaState };

export type TSignalingClientOptions = {
  url: string;
  WebSocketImpl: TWebSocketConstructor;
  /** The token and media state for a join; called before every join and re-join (at once when they are at hand). */
  getJoin: () => TJoinMessage | Promise<TJoinMessage>;
  onMessage: (message: TServerSignalMessage) => void;
  /** The socket is gone; the next try starts in `delayMs` (attempt counts from 1). */
  onReconnecting: (attempt: number, delayMs: number) => void;
  /** The server closed the socket for good (refused, ended, replaced): no reconnect follows. */
  onClosed: (code: number) => void;
  /**
   * The join went out on a fresh socket: what is sent from now on is handled by the server right after it (a first
   * offer need not wait for `joined`).
   */
  onJoinSent?: () => void;
  random?: () => number;
  backoff?: TBackoffOptions;
  pingIntervalMs?: number;
  /** No message at all (not even a pong) for this long: the socket is dead even if it has not said so. */
  idleTimeoutMs?: number;
};

/** `signal_url` may be a path: the socket goes to the page's host, `wss:` under https. */
export function signalSocketUrl(signalUrl: string, base: string): string {
  const url = new URL(signalUrl, base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

export type TSignalingClient = {
  /**
   * Opens the socket ahead of the join (during the device check), so that joining costs no connection set-up. The
   * server closes a socket that has not joined within 10 s, so the waiting socket is replaced every WARM_RENEW_MS,
   * for at most WARM_MAX_MS; a waiting socket that is lost is simply not there for `connect`.
   */
  prepare: () => void;
  connect: () => void;
  /** Sends once the join went out on the socket (or the join itself); false when the socket is not there. */
  send: (message: TClientSignalMessage) => boolean;
  /** Skips the wait of a scheduled reconnect (the browser came back online). */
  reconnectNow: () => void;
  /** Drops the socket and joins again after the back-off (a refused, expired token was replaced). */
  restart: () => void;
  close: () => void;
  readonly joined: boolean;
};

export function createSignalingClient(options: TSignalingClientOptions): TSignalingClient {
  const pingIntervalMs = options.pingIntervalMs ?? 10_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 25_000;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;

  let socket: TWebSocketLike | null = null;
  let stopped = false;
  let joined = false;
  /** The join went out on the current socket. */
  let joinSent = false;
  let attempt = 0;
  let lastMessageAt = 0;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The socket opened ahead by `prepare`, not joined; nothing of it reaches the call. */
  let warm: TWebSocketLike | null = null;
  let warmTimer: ReturnType<typeof setTimeout> | undefined;
  let warmSince = 0;

  const dropWarm = (): void => {
    clearTimeout(warmTimer);
    warmTimer = undefined;
    const ws = warm;
    warm = null;
    if (!ws) return;
    detach(ws);
    if (ws.readyState === OPEN || ws.readyState === CONNECTING) ws.close(1000, 'renewed');
  };

  const openWarm = (): void => {
    const ws = new options.WebSocketImpl(options.url);
    warm = ws;
    // Before a join the server sends nothing but a refusal; a lost waiting socket is just not there.
    ws.onclose = () => {
      if (warm !== ws) return;
      detach(ws);
      warm = null;
    };
    ws.onerror = () => undefined;
    warmTimer = setTimeout(() => {
      dropWarm();
      if (Date.now() - warmSince < WARM_MAX_MS) openWarm();
    }, WARM_RENEW_MS);
  };

  const rawSend = (message: TClientSignalMessage): boolean => {
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const stopTimers = (): void => {
    clearInterval(pingTimer);
    clearTimeout(retryTimer);
    pingTimer = undefined;
    retryTimer = undefined;
  };

  const detach = (ws: TWebSocketLike): void => {
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    ws.onerror = null;
  };

  const lost = (): void => {
    if (socket) detach(socket);
    socket = null;
    joined = false;
    joinSent = false;
    stopTimers();
    if (stopped) return;
    attempt += 1;
    const delay = backoffDelay(attempt - 1, random, backoff);
    options.onReconnecting(attempt, delay);
    retryTimer = setTimeout(open, delay);
  };

  const receive = (event: MessageEvent): void => {
    lastMessageAt = Date.now();
    if (typeof event.data !== 'string') return;
    let raw: unknown;
    try {
      raw = JSON.parse(event.data);
    } catch {
      return;
    }
    const message = parseServerMessage(raw);
    if (!message) return;
    if (message.type === 'pong') return;
    if (message.type === 'joined') {
      markCallPhase('joined');
      joined = true;
      attempt = 0;
    }
    options.onMessage(message);
  };

  function open(): void {
    retryTimer = undefined;
    if (stopped) return;
    // The socket opened ahead, if it is still there, saves the connection set-up.
    const ahead = warm && (warm.readyState === OPEN || warm.readyState === CONNECTING) ? warm : null;
    if (ahead) {
      clearTimeout(warmTimer);
      warmTimer = undefined;
      warm = null;
      detach(ahead);
    } else dropWarm();
    const ws = ahead ?? new options.WebSocketImpl(options.url);
    socket = ws;
    joinSent = false;
    lastMessageAt = Date.now();
    ws.onopen = () => {
      markCallPhase('socket-open');
      const sendJoin = ({ token, state }: TJoinMessage) => {
        if (socket !== ws || !rawSend({ type: 'join', token, state })) return;
        joinSent = true;
        options.onJoinSent?.();
      };
      let join: TJoinMessage | Promise<TJoinMessage>;
      try {
        join = options.getJoin();
      } catch (error) {
        join = Promise.reject(error);
      }
      // At hand: the join goes out now, in this task (before the page renders anything).
      if (!(join instanceof Promise)) return sendJoin(join);
      join.then(sendJoin, () => {
        if (socket !== ws) return;
        // No token now (the video data could not be fetched): drop this socket and try again later.
        ws.close();
        lost();
      });
    };
    ws.onmessage = receive;
    ws.onclose = (event) => {
      if (socket !== ws) return;
      if (!isFinalClose(event.code)) {
        lost();
        return;
      }
      detach(ws);
      socket = null;
      joined = false;
      joinSent = false;
      stopped = true;
      stopTimers();
      options.onClosed(event.code);
    };
    ws.onerror = () => {
      // A close event follows an error; nothing to do here.
    };
    if (ws.readyState === OPEN) ws.onopen?.(new Event('open'));
    pingTimer = setInterval(() => {
      if (socket !== ws) return;
      if (Date.now() - lastMessageAt > idleTimeoutMs) {
        ws.close();
        lost();
        return;
      }
      rawSend({ type: 'ping' });
    }, pingIntervalMs);
  }

  return {
    prepare: () => {
      if (socket || retryTimer || warm || stopped) return;
      warmSince = Date.now();
      openWarm();
    },
    connect: () => {
      if (socket || retryTimer) return;
      stopped = false;
      attempt = 0;
      open();
    },
    send: (message) => (joinSent || message.type === 'join' ? rawSend(message) : false),
    reconnectNow: () => {
      if (stopped || !retryTimer) return;
      clearTimeout(retryTimer);
      open();
    },
    restart: () => {
      const ws = socket;
      if (stopped || !ws) return;
      ws.close();
      lost();
    },
    close: () => {
      stopped = true;
      stopTimers();
      dropWarm();
      const ws = socket;
      socket = null;
      joined = false;
      joinSent = false;
      if (ws) {
        detach(ws);
        ws.close(1000, 'bye');
      }
    },
    get joined() {
      return joined;
    },
  };
}
