import {
  SIGNAL_CLOSE_CODES,
  type TChatMessage,
  type TMediaState,
  type TServerSignalMessage,
  type TSignalData,
  type TSignalPeer,
} from '@therapy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TParticipant } from './authorize-join.ts';
import type { TRoomBus, TRoomDelivery, TRoomEnvelope } from './room-bus.ts';

/** One socket of this node in a room. */
export type TLocalPeer = {
  conn: string;
  participant: TParticipant;
  peer: TSignalPeer;
  /** Its presence entry is written. */
  entered: boolean;
  /** `joined` went out: from now on it receives the room's messages. */
  ready: boolean;
  /** A newer connection of the same person took over. */
  replaced: boolean;
  /** Chat lines that came while it was entering (before `ready`): `joined` carries them with the history. */
  earlyChat?: TChatMessage[];
  /** The ids of the chat lines it was sent (when kept: the check beside the join sends only lines it has not had). */
  chatSent?: Set<string>;
  send(text: string): void;
  close(code: number, reason: string): void;
};

type TRoom = {
  name: string;
  locals: Map<string, TLocalPeer>;
  ready: Promise<void>;
  unsubscribe: (() => Promise<void>) | null;
  timer: NodeJS.Timeout;
  ended: boolean;
  /** A chat line passed through the room while this node held it. */
  chat: boolean;
};

export type TSignalHub = {
  /** Enters the room (taking over an older connection of the same person) and returns who else is there. */
  enter(local: TLocalPeer): Promise<TSignalPeer[]>;
  /** Starts delivering to `local` and tells the others it arrived. */
  announce(local: TLocalPeer): Promise<void>;
  leave(local: TLocalPeer): Promise<void>;
  /** Rooms with a socket on this node, and the sockets joined to them (for /metrics). */
  stats(): { rooms: number; peers: number };
  relay(local: TLocalPeer, to: string, data: TSignalData): Promise<void>;
  setState(local: TLocalPeer, state: TMediaState): Promise<void>;
  broadcast(room: string, message: TServerSignalMessage): Promise<void>;
  end(room: string, reason: 'therapist_ended' | 'time_up', slotHashid: string): Promise<void>;
  /** Whether a chat line passed through the room while this node held it (a join then reads the history). */
  hasChat(room: string): boolean;
  /** Rooms with a socket on this node (for tests and the bench). */
  roomCount(): number;
  close(): Promise<void>;
};

export type TSignalHubOptions = {
  bus: TRoomBus;
  log: FastifyBaseLogger;
  /** The room's time ran out (closes_at); called on each node that has sockets in it. */
  onTimeUp(participant: TParticipant): Promise<void>;
  heartbeatMs?: number;
  /** Presence not refreshed for this long belongs to a node that died. */
  presenceTtlMs?: number;
};

const MAX_TIMER_MS = 2 ** 31 - 1;
const REPLACED = JSON.stringify({ type: 'replaced' } satisfies TServerSignalMessage);

/**
 * This node's side of the rooms. Every message goes through the room bus, also between
 * two sockets of the same node, so one node and many behave the same and a room's
 * messages reach each socket in the order they were published.
 */
export function createSignalHub(options: TSignalHubOptions): TSignalHub {
  const { bus, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const presenceTtlMs = options.presenceTtlMs ?? 30_000;
  const rooms = new Map<string, TRoom>();
  const leaving = new Set<Promise<void>>();
  let closed = false;

  const publish = (room: string, envelope: TRoomEnvelope) =>
    bus.publish(room, envelope).catch((err: unknown) => log.warn({ err, room }, 'room publish failed'));

  function replace(local: TLocalPeer) {
    local.replaced = true;
    local.ready = false;
    local.send(REPLACED);
    local.close(SIGNAL_CLOSE_CODES.replaced, 'replaced');
  }

  function deliver(room: TRoom, envelope: TRoomDelivery) {
    if (envelope.type === 'chat') room.chat = true;
    for (const local of room.locals.values()) {
      if (envelope.left_conn === local.conn) {
        if (!local.replaced) replace(local);
        continue;
      }
      if (!local.ready) {
        if (envelope.chat && local.earlyChat) local.earlyChat.push(envelope.chat);
        continue;
      }
      if (envelope.to !== undefined && local.peer.peer_id !== envelope.to) continue;
      if (envelope.except !== undefined && local.peer.peer_id === envelope.except) continue;
      local.send(envelope.text);
      // (A resend of a line comes back again on purpose; the page merges by id.)
      if (envelope.chat) local.chatSent?.add(envelope.chat.id);
    }
    if (envelope.type === 'ended') {
      room.ended = true;
      for (const local of room.locals.values()) local.close(SIGNAL_CLOSE_CODES.ended, 'ended');
    }
  }

  function roomFor(participant: TParticipant): TRoom {
    const existing = rooms.get(participant.room);
    if (existing) return existing;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, participant.closesAt.getTime() - Date.now()));
    const room: TRoom = {
      name: participant.room,
      locals: new Map(),
      ready: Promise.resolve(),
      unsubscribe: null,
      timer: setTimeout(() => {
        options.onTimeUp(participant).catch((err: unknown) => log.error({ err }, 'ending a room on time failed'));
      }, delay),
      ended: false,
      chat: false,
    };
    room.timer.unref();
    room.ready = bus
      .subscribe(room.name, (envelope) => deliver(room, envelope))
      .then((unsubscribe) => {
        room.unsubscribe = unsubscribe;
      });
    rooms.set(room.name, room);
    return room;
  }

  async function dropIfEmpty(room: TRoom) {
    if (room.locals.size > 0) return;
    if (rooms.get(room.name) === room) rooms.delete(room.name);
    clearTimeout(room.timer);
    await room.ready.catch(() => undefined);
    await room.unsubscribe?.();
  }

  /** Removes a peer's entry if it is still its own, and tells the room it left. */
  async function removeEntry(room: string, peerId: string, conn: string) {
    if (await bus.removePresence(room, peerId, conn)) {
      await publish(room, { except: peerId, message: { type: 'peer_left', peer_id: peerId } });
    }
  }

  // Refreshes this node's presence and clears entries of nodes that stopped refreshing theirs.
  const heartbeat = setInterval(() => {
    for (const room of rooms.values()) {
      const now = Date.now();
      const work = async () => {
        for (const local of room.locals.values()) {
          if (local.entered && !local.replaced) {
            await bus.updatePresence(room.name, { conn: local.conn, peer: local.peer, seen: now });
          }
        }
        for (const entry of await bus.listPresence(room.name)) {
          if (now - entry.seen > presenceTtlMs) await removeEntry(room.name, entry.peer.peer_id, entry.conn);
        }
      };
      work().catch((err: unknown) => log.warn({ err, room: room.name }, 'presence heartbeat failed'));
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    stats() {
      let peers = 0;
      for (const room of rooms.values()) peers += room.locals.size;
      return { rooms: rooms.size, peers };
    },
    async enter(local) {
      const room = roomFor(local.participant);
      room.locals.set(local.conn, local);
      await room.ready;
      const { previous, entries } = await bus.putPresence(room.name, {
        conn: local.conn,
        peer: local.peer,
        seen: Date.now(),
      });
      local.entered = true;
      const peerId = local.peer.peer_id;
      if (previous && previous.conn !== local.conn) {
        await publish(room.name, {
          left_conn: previous.conn,
          except: peerId,
          message: { type: 'peer_left', peer_id: peerId },
        });
      }
      const now = Date.now();
      return entries
        .filter((entry) => entry.peer.peer_id !== peerId && now - entry.seen <= presenceTtlMs)
        .map((entry) => entry.peer);
    },

    async announce(local) {
      local.ready = true;
      await publish(local.participant.room, {
        except: local.peer.peer_id,
        message: { type: 'peer_joined', peer: local.peer },
      });
    },

    async leave(local) {
      local.ready = false;
      // Once the hub is closing, its close() removes what is left.
      if (closed) return;
      const room = rooms.get(local.participant.room);
      if (room?.locals.get(local.conn) === local) room.locals.delete(local.conn);
      const work = (async () => {
        if (local.entered && !local.replaced && !room?.ended) {
          await removeEntry(local.participant.room, local.peer.peer_id, local.conn);
        }
        if (room) await dropIfEmpty(room);
      })();
      // A shutdown waits for these before it closes the bus.
      leaving.add(work);
      try {
        await work;
      } finally {
        leaving.delete(work);
      }
    },

    async relay(local, to, data) {
      await publish(local.participant.room, { to, message: { type: 'signal', from: local.peer.peer_id, data } });
    },

    async setState(local, state) {
      local.peer = { ...local.peer, state };
      const { room } = local.participant;
      await bus.updatePresence(room, { conn: local.conn, peer: local.peer, seen: Date.now() });
      await publish(room, {
        except: local.peer.peer_id,
        message: { type: 'state', peer_id: local.peer.peer_id, state },
      });
    },

    async broadcast(room, message) {
      await publish(room, { message });
    },

    async end(room, reason, slotHashid) {
      await publish(room, { message: { type: 'ended', reason, slot_hashid: slotHashid } });
      await bus.clearRoom(room);
    },

    hasChat: (room) => rooms.get(room)?.chat ?? false,

    roomCount: () => rooms.size,

    async close() {
      clearInterval(heartbeat);
      await Promise.allSettled([...leaving]);
      closed = true;
      // Leaving cleanly: the others hear at once that this node's peers left.
      for (const room of [...rooms.values()]) {
        for (const local of room.locals.values()) {
          if (local.entered && !local.replaced && !room.ended) {
            await removeEntry(room.name, local.peer.peer_id, local.conn).catch(() => undefined);
          }
        }
        room.locals.clear();
        await dropIfEmpty(room).catch(() => undefined);
      }
      await bus.close();
    },
  };
}
