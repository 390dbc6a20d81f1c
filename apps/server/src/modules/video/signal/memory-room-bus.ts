import { deliveryOf, type TPresenceEntry, type TRoomBus, type TRoomDelivery } from './room-bus.ts';

/**
 * A copy of an entry, as Redis would hand back (nothing shared with the caller's objects): its fields are text,
 * numbers and the peer's media state, so two spreads copy it all, at a fraction of `structuredClone`'s cost.
 */
const copyOf = (entry: TPresenceEntry): TPresenceEntry => ({
  ...entry,
  peer: { ...entry.peer, state: { ...entry.peer.state } },
});

/** One node's rooms in memory; delivery is asynchronous and in order, as over Redis. */
export function createMemoryRoomBus(): TRoomBus {
  const handlers = new Map<string, Set<(delivery: TRoomDelivery) => void>>();
  const presence = new Map<string, Map<string, TPresenceEntry>>();
  const entriesOf = (room: string) => {
    let entries = presence.get(room);
    if (!entries) {
      entries = new Map();
      presence.set(room, entries);
    }
    return entries;
  };

  return {
    async publish(room, envelope) {
      const targets = handlers.get(room);
      if (!targets) return;
      const delivery = deliveryOf(envelope);
      for (const handler of [...targets]) queueMicrotask(() => handler(delivery));
    },
    async subscribe(room, handler) {
      let set = handlers.get(room);
      if (!set) {
        set = new Set();
        handlers.set(room, set);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(room) === set) handlers.delete(room);
      };
    },
    async putPresence(room, entry) {
      const entries = entriesOf(room);
      const previous = entries.get(entry.peer.peer_id) ?? null;
      entries.set(entry.peer.peer_id, copyOf(entry));
      return { previous, entries: [...entries.values()].map((one) => copyOf(one)) };
    },
    async updatePresence(room, entry) {
      const entries = entriesOf(room);
      if (entries.get(entry.peer.peer_id)?.conn !== entry.conn) return false;
      entries.set(entry.peer.peer_id, copyOf(entry));
      return true;
    },
    async removePresence(room, peerId, conn) {
      const entries = presence.get(room);
      if (entries?.get(peerId)?.conn !== conn) return false;
      entries.delete(peerId);
      if (entries.size === 0) presence.delete(room);
      return true;
    },
    async listPresence(room) {
      return [...(presence.get(room)?.values() ?? [])].map((entry) => copyOf(entry));
    },
    async clearRoom(room) {
      presence.delete(room);
    },
    async check() {},
    async close() {
      handlers.clear();
      presence.clear();
    },
  };
}
