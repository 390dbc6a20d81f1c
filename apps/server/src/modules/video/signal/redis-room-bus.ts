import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  type TPresenceEntry,
  type TRoomBus,
  type TRoomEnvelope,
  ZPresenceEntrySchema,
  ZRoomEnvelopeSchema,
} from './room-bus.ts';

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

/**
 * Rooms shared by every node over Redis: one channel per room for the envelopes, one hash
 * per room for presence. Two connections per node: commands, and subscriptions.
 */
export function createRedisRoomBus(url: string, prefix: string, log: FastifyBaseLogger): TRoomBus {
  const commands = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url);
  commands.on('error', (err) => log.warn({ err }, 'redis (video commands) error'));
  subscriber.on('error', (err) => log.warn({ err }, 'redis (video subscriber) error'));

  const channelOf = (room: string) => `${prefix}room:${room}`;
  const keyOf = (room: string) => `${prefix}presence:${room}`;
  const handlers = new Map<string, Set<(envelope: TRoomEnvelope) => void>>();

  subscriber.on('message', (channel: string, text: string) => {
    const targets = handlers.get(channel);
    if (!targets) return;
    let envelope: TRoomEnvelope;
    try {
      const parsed = ZRoomEnvelopeSchema.safeParse(JSON.parse(text));
      if (!parsed.success) throw parsed.error;
      envelope = parsed.data;
    } catch (err) {
      log.warn({ err, channel }, 'dropped a malformed room envelope');
      return;
    }
    for (const handler of targets) handler(envelope);
  });

  return {
    async publish(room, envelope) {
      await commands.publish(channelOf(room), JSON.stringify(envelope));
    },
    async subscribe(room, handler) {
      const channel = channelOf(room);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      if (set.size === 1) await subscriber.subscribe(channel);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          await subscriber.unsubscribe(channel);
        }
      };
    },
    async putPresence(room, entry) {
      const key = keyOf(room);
      const results = await commands
        .multi()
        .hget(key, entry.peer.peer_id)
        .hset(key, entry.peer.peer_id, JSON.stringify(entry))
        .pexpire(key, PRESENCE_KEY_TTL_MS)
        .exec();
      const previous = results?.[0]?.[1];
      return typeof previous === 'string' ? parseEntry(previous) : null;
    },
    async updatePresence(room, entry) {
      const args = [entry.peer.peer_id, entry.conn, JSON.stringify(entry), String(PRESENCE_KEY_TTL_MS)];
      return (await commands.eval(UPDATE_IF_OWNER, 1, keyOf(room), ...args)) === 1;
    },
    async removePresence(room, peerId, conn) {
      return (await commands.eval(REMOVE_IF_OWNER, 1, keyOf(room), peerId, conn)) === 1;
    },
    async listPresence(room) {
      const all = await commands.hgetall(keyOf(room));
      return Object.values(all).flatMap((text) => parseEntry(text) ?? []);
    },
    async clearRoom(room) {
      await commands.del(keyOf(room));
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), commands.quit()]);
    },
  };
}
