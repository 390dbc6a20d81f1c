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
  ZServerSignalMessageSchema,
} from '@therapy/contract';
import { backoffDelay, DEFAULT_BACKOFF, type TBackoffOptions } from './backoff.ts';

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

const OPEN = 1;

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

export type TSignalingClientOptions = {
  url: string;
  WebSocketImpl: TWebSocketConstructor;
  /** The token and media state for a join; called before every join and re-join. */
  getJoin: () => Promise<{ token: string; state: TMediaState }>;
  onMessage: (message: TServerSignalMessage) => void;
  /** The socket is gone; the next try starts in `delayMs` (attempt counts from 1). */
  onReconnecting: (attempt: number, delayMs: number) => void;
  /** The server closed the socket for good (refused, ended, replaced): no reconnect follows. */
  onClosed: (code: number) => void;
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
  connect: () => void;
  /** Sends when joined (or the join itself); false when the socket is not there. */
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
  let attempt = 0;
  let lastMessageAt = 0;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

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
    const parsed = ZServerSignalMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'pong') return;
    if (message.type === 'joined') {
      joined = true;
      attempt = 0;
    }
    options.onMessage(message);
  };

  function open(): void {
    retryTimer = undefined;
    if (stopped) return;
    const ws = new options.WebSocketImpl(options.url);
    socket = ws;
    lastMessageAt = Date.now();
    ws.onopen = () => {
      void options.getJoin().then(
        ({ token, state }) => {
          if (socket === ws) rawSend({ type: 'join', token, state });
        },
        () => {
          if (socket !== ws) return;
          // No token now (the video data could not be fetched): drop this socket and try again later.
          ws.close();
          lost();
        },
      );
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
      stopped = true;
      stopTimers();
      options.onClosed(event.code);
    };
    ws.onerror = () => {
      // A close event follows an error; nothing to do here.
    };
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
    connect: () => {
      if (socket || retryTimer) return;
      stopped = false;
      attempt = 0;
      open();
    },
    send: (message) => (joined || message.type === 'join' ? rawSend(message) : false),
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
      const ws = socket;
      socket = null;
      joined = false;
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
