import { ZServerSignalMessageSchema } from '@therapy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  RoomBusUnavailableError,
  type TPresenceEntry,
  type TRoomBus,
  type TRoomDelivery,
  type TRoomEnvelope,
  ZPresenceEntrySchema,
} from './room-bus.ts';

/** A command with no answer fails after this long (a Redis gone silent), so a join never hangs. */
const COMMAND_TIMEOUT_MS = 1_500;
/** How long a call waits for a connection that is (re)connecting before it gives up. */
const CONNECT_WAIT_MS = 1_000;

/**
 * Runs a Redis call only on a connection that is up, waiting a moment for one that is connecting.
 * A connection that is down fails the call at once (no offline queue to replay it later, half a
 * join after the browser gave up); every failure is RoomBusUnavailableError.
 */
async function whenUp<T>(client: Redis, work: () => Promise<T>): Promise<T> {
  if (client.status !== 'ready') {
    if (client.status === 'end' || client.status === 'close') throw new RoomBusUnavailableError();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off('ready', onReady);
        reject(new RoomBusUnavailableError(new Error(`redis ${client.status} for ${CONNECT_WAIT_MS} ms`)));
      }, CONNECT_WAIT_MS);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once('ready', onReady);
    });
  }
  try {
    return await work();
  } catch (error) {
    throw new RoomBusUnavailableError(error);
  }
}

/** A room's presence key outlives its last refresh by this much, so a crashed cluster leaves nothing behind. */
const PRESENCE_KEY_TTL_MS = 120_000;

// Compare-and-set on the owning connection, atomically in Redis.
const UPDATE_IF_OWNER = `
local current = redis.call('hget', KEYS[1], ARGV[1])
if not current or cjson.decode(current).conn ~= ARGV[2] then return 0 end
redis.call('hset', KEYS[1], ARGV[1], ARGV[3])
redis.call('pexpire', KEYS[1], ARGV[4])
return 1`;
const REMOVE_IF_OWNER = `
local current = redis.call('hget', KEYS[1], ARGV[1])
if not current or cjson.decode(current).conn ~= ARGV[2] then return 0 end
return redis.call('hdel', KEYS[1], ARGV[1])`;

function parseEntry(text: string): TPresenceEntry | null {
  try {
    const parsed = ZPresenceEntrySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Who gets an envelope and the message's type: the first line of what goes over a room's channel. */
const ZHeaderSchema = z.object({
  to: z.string().optional(),
  except: z.string().optional(),
  left_conn: z.string().optional(),
  type: z.string(),
});

/**
 * An envelope over a channel: `<header JSON>\n<message JSON>` (JSON has no raw line break). A node reads the short
 * header and hands the message on as it came; only a chat line, which the node keeps for joining sockets, is read
 * and checked in full.
 */
function encodeEnvelope(envelope: TRoomEnvelope): string {
  const { message, ...to } = envelope;
  return `${JSON.stringify({ ...to, type: message.type })}\n${JSON.stringify(message)}`;
}

function decodeEnvelope(payload: string): TRoomDelivery {
  const cut = payload.indexOf('\n');
  if (cut < 0) throw new Error('no header');
  const header = ZHeaderSchema.parse(JSON.parse(payload.slice(0, cut)));
  const text = payload.slice(cut + 1);
  const delivery = { ...header, text } as TRoomDelivery;
  if (header.type === 'chat' || header.type === 'ended') {
    const message = ZServerSignalMessageSchema.parse(JSON.parse(text));
    if (message.type !== header.type) throw new Error('header and message disagree');
    if (message.type === 'chat') delivery.chat = message.message;
  }
  return delivery;
}

/**
 * Rooms shared by every node over Redis: one channel per room for the envelopes, one hash
 * per room for presence. Two connections per node: commands, and subscriptions. ioredis loads only here (a node
 * without Redis never needs it).
 */
export async function createRedisRoomBus(url: string, prefix: string, log: FastifyBaseLogger): Promise<TRoomBus> {
  const ioredis = await import('ioredis');
  // Both reconnect by themselves (ioredis's back-off); the subscriber subscribes its rooms again.
  const options = { maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS, enableOfflineQueue: true };
  // The commands of one turn of the event loop go out in one write (a burst of joins, a busy room's messages).
  const commands = new ioredis.Redis(url, { ...options, enableAutoPipelining: true });
  const subscriber = new ioredis.Redis(url, options);
  commands.on('error', (err) => log.warn({ err }, 'redis (video commands) error'));
  subscriber.on('error', (err) => log.warn({ err }, 'redis (video subscriber) error'));

  const channelOf = (room: string) => `${prefix}room:${room}`;
  const keyOf = (room: string) => `${prefix}presence:${room}`;
  const handlers = new Map<string, Set<(delivery: TRoomDelivery) => void>>();

  subscriber.on('message', (channel: string, payload: string) => {
    const targets = handlers.get(channel);
    if (!targets) return;
    let delivery: TRoomDelivery;
    try {
      delivery = decodeEnvelope(payload);
    } catch (err) {
      log.warn({ err, channel }, 'dropped a malformed room envelope');
      return;
    }
    for (const handler of targets) handler(delivery);
  });

  return {
    async publish(room, envelope) {
      await whenUp(commands, () => commands.publish(channelOf(room), encodeEnvelope(envelope)));
    },
    async subscribe(room, handler) {
      const channel = channelOf(room);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      if (set.size === 1) {
        try {
          await whenUp(subscriber, () => subscriber.subscribe(channel));
        } catch (error) {
          // Not subscribed: the next join of this room tries again.
          set.delete(handler);
          if (handlers.get(channel)?.size === 0) handlers.delete(channel);
          throw error;
        }
      }
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await whenUp(subscriber, () => subscriber.unsubscribe(channel));
        }
      };
    },
    async putPresence(room, entry) {
      const key = keyOf(room);
      const results = await whenUp(commands, () =>
        commands
          .multi()
          .hget(key, entry.peer.peer_id)
          .hset(key, entry.peer.peer_id, JSON.stringify(entry))
          .pexpire(key, PRESENCE_KEY_TTL_MS)
          .hgetall(key)
          .exec(),
      );
      const previous = results?.[0]?.[1];
      const all = (results?.[3]?.[1] ?? {}) as Record<string, string>;
      return {
        previous: typeof previous === 'string' ? parseEntry(previous) : null,
        entries: Object.values(all).flatMap((text) => parseEntry(text) ?? []),
      };
    },
    async updatePresence(room, entry) {
      const args = [entry.peer.peer_id, entry.conn, JSON.stringify(entry), String(PRESENCE_KEY_TTL_MS)];
      return (await whenUp(commands, () => commands.eval(UPDATE_IF_OWNER, 1, keyOf(room), ...args))) === 1;
    },
    async removePresence(room, peerId, conn) {
      return (await whenUp(commands, () => commands.eval(REMOVE_IF_OWNER, 1, keyOf(room), peerId, conn))) === 1;
    },
    async listPresence(room) {
      const all = await whenUp(commands, () => commands.hgetall(keyOf(room)));
      return Object.values(all).flatMap((text) => parseEntry(text) ?? []);
    },
    async clearRoom(room) {
      await whenUp(commands, () => commands.del(keyOf(room)));
    },
    async check() {
      await whenUp(commands, () => commands.ping());
      await whenUp(subscriber, async () => undefined);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}
