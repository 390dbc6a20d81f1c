import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import { SIGNAL_CLOSE_CODES, SIGNAL_MAX_MESSAGE_BYTES } from '@therapy/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge } from 'prom-client';
import type { WebSocket } from 'ws';
import { errorBody } from '../../../lib/errors.ts';
import { publicBaseUrl } from '../../../lib/public-base-url.ts';
import { isAllowedSignalOrigin } from './allowed-origin.ts';
import { completeSlotIfHeld } from './end-session.ts';
import { createJoinBatches } from './join-batches.ts';
import { createMemoryRoomBus } from './memory-room-bus.ts';
import { createRedisRoomBus } from './redis-room-bus.ts';
import { handleSignalSocket } from './signal-connection.ts';
import { createSignalHub } from './signal-hub.ts';

export const SIGNAL_PATH = '/api/v1/video/signal';
/** Sockets that do not answer a ping within this long are dropped (their peers hear peer_left). */
const KEEPALIVE_MS = 25_000;

/**
 * The signaling WebSocket, in a plugin of its own: its rooms run over Redis when REDIS_URL
 * is set (so participants on different nodes meet), in memory otherwise.
 */
export async function videoSignalPlugin(app: FastifyInstance) {
  const { ctx } = app;
  const { config } = ctx;
  let closing = false;
  // A socket that fails is not a server error: note it and drop the socket.
  function onSocketError(this: WebSocket, error: Error) {
    app.log.debug({ err: error }, 'signaling socket failed');
    this.terminate();
  }
  // ws closes a frame this far over the limit by itself; up to it we answer with an error first.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: SIGNAL_MAX_MESSAGE_BYTES * 4 },
    errorHandler: (error, socket) => onSocketError.call(socket, error),
    // On shutdown every socket hears 'service restart', so the browsers reconnect (to another node).
    preClose(done) {
      closing = true;
      for (const client of app.websocketServer.clients) {
        client.close(SIGNAL_CLOSE_CODES.service_restart, 'service_restart');
      }
      app.websocketServer.close();
      done();
    },
  });

  const bus = config.REDIS_URL
    ? await createRedisRoomBus(config.REDIS_URL, config.VIDEO_REDIS_PREFIX, app.log)
    : createMemoryRoomBus();
  // Calls across nodes need Redis: a node without it is not ready for traffic.
  if (config.REDIS_URL) ctx.readiness.add('redis', () => bus.check());
  const batches = createJoinBatches(ctx);
  const hub = createSignalHub({
    bus,
    log: app.log,
    async onTimeUp(participant) {
      // Who joined decides whether the session took place: the records under way are stored first.
      await batches.flush();
      await completeSlotIfHeld(ctx, participant.slotId);
      await hub.end(participant.room, 'time_up', participant.slotHashid);
    },
  });

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [app.metrics],
      collect() {
        this.set(read());
      },
    });
  gauge('video_signal_rooms', 'Call rooms with a participant on this node', () => hub.stats().rooms);
  gauge('video_signal_peers', 'Participants joined to a room on this node', () => hub.stats().peers);
  gauge(
    'video_signal_sockets',
    'Open signaling sockets on this node, joined or not',
    () => app.websocketServer.clients.size,
  );

  const alive = new WeakSet<WebSocket>();
  const keepalive = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, KEEPALIVE_MS);
  keepalive.unref();

  // Only our own pages may open a socket: a foreign site would otherwise ride on the visitor's cookie.
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isAllowedSignalOrigin(config, request.headers.origin, request.host)) return;
    request.log.warn({ origin: request.headers.origin }, 'signaling socket from a foreign origin refused');
    return reply.code(403).send(errorBody('forbidden', 'Подключение к видеосессии с этого сайта запрещено'));
  };

  const accept = (socket: WebSocket, sessionKey: string | null) => {
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('message', () => alive.add(socket));
    handleSignalSocket({ ctx, hub, batches, log: app.log }, socket, {
      perSecond: config.VIDEO_SIGNAL_RATE,
      burst: config.VIDEO_SIGNAL_BURST,
      sessionKey,
      sessionCheckMs: config.VIDEO_SESSION_CHECK_SECONDS * 1000,
    });
  };

  // The sign-in is checked with the join (batched with the other joins), not on the upgrade: `sessionKey` only.
  const routeConfig = { sessionLookup: 'key-only' } as const;
  app.get(SIGNAL_PATH, { websocket: true, onRequest: checkOrigin, config: routeConfig }, (socket, request) =>
    accept(socket, request.sessionKey),
  );

  // The upgrade of a socket from our own pages goes straight to `ws`, past Fastify's request pipeline: routing, a
  // Request and a Reply, and every hook of the app for a request that needs none of them (no body, no session
  // lookup, no roles, no answer of ours) cost more than the join itself when a few hundred people join at once.
  // What the route above checks is checked here the same way: the path, the Origin (isAllowedSignalOrigin; the
  // host only when no proxy names another) and the session cookie's key. Everything else (a foreign or missing
  // Origin, another path, a query, a server closing) takes Fastify's way, and is answered there in our shape.
  const publicOrigin = new URL(publicBaseUrl(config)).origin;
  const ours = (request: IncomingMessage): boolean => {
    const { origin, host, upgrade } = request.headers;
    if (closing || request.url !== SIGNAL_PATH || request.method !== 'GET' || upgrade?.toLowerCase() !== 'websocket')
      return false;
    if (origin === publicOrigin) return true;
    return request.headers['x-forwarded-host'] === undefined && isAllowedSignalOrigin(config, origin, host ?? '');
  };
  // @fastify/websocket's own listener (and any other) hears the upgrades that are not ours.
  const others = app.server.listeners('upgrade') as ((
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => void)[];
  app.server.removeAllListeners('upgrade');
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!ours(request)) {
      for (const listener of others) listener.call(app.server, request, socket, head);
      return;
    }
    const sessionKey = app.sessionKeyOf(request.headers.cookie);
    app.websocketServer.handleUpgrade(request, socket, head, (ws) => {
      ws.on('error', onSocketError);
      accept(ws, sessionKey);
    });
  });

  app.addHook('onClose', async () => {
    clearInterval(keepalive);
    await hub.close();
    await batches.flush();
  });
}
