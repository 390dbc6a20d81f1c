import { type TChatMessage, type TServerSignalMessage, type TSignalPeer, ZSignalPeerSchema } from '@therapy/contract';
import { z } from 'zod';

/**
 * A message for the sockets of one room, on whichever node they are: a server message with
 * who gets it. `to`: only that peer (a relayed signal); `except`: everyone but that peer;
 * `left_conn`: the connection that left; the node holding it closes it as replaced.
 */
export type TRoomEnvelope = {
  to?: string;
  except?: string;
  left_conn?: string;
  message: TServerSignalMessage;
};

/**
 * An envelope as it reaches a node: who gets it, the message's type, and the message as the sockets get it (its
 * JSON, made once by whoever published it, so a relayed offer is neither parsed nor written again on the way);
 * a chat line also as an object (joining sockets keep the lines that come while they enter).
 */
export type TRoomDelivery = {
  to?: string;
  except?: string;
  left_conn?: string;
  type: TServerSignalMessage['type'];
  text: string;
  chat?: TChatMessage;
};

/** An envelope as a node hands it to its sockets. */
export function deliveryOf(envelope: TRoomEnvelope): TRoomDelivery {
  const { message, ...to } = envelope;
  return {
    ...to,
    type: message.type,
    text: JSON.stringify(message),
    ...(message.type === 'chat' ? { chat: message.message } : {}),
  };
}

/** Who is in a room: one entry per peer, owned by one connection, refreshed while it lives (`seen`, epoch ms). */
export type TPresenceEntry = { conn: string; peer: TSignalPeer; seen: number };

export const ZPresenceEntrySchema = z.object({ conn: z.string(), peer: ZSignalPeerSchema, seen: z.number() });

/**
 * How the nodes of the signaling server share rooms: pub/sub of envelopes per room plus the
 * room's presence. In memory for one node; Redis when REDIS_URL is set, so two participants
 * on two nodes meet. Entries change only through the connection that owns them, so a late
 * close of a replaced connection never removes its successor.
 */
export type TRoomBus = {
  publish(room: string, envelope: TRoomEnvelope): Promise<void>;
  /** Resolves once the room's envelopes reach `handler`; the result unsubscribes. */
  subscribe(room: string, handler: (delivery: TRoomDelivery) => void): Promise<() => Promise<void>>;
  /**
   * Sets the peer's entry; returns the one it took over (another connection of that person), if any, and the room's
   * entries after it (one round trip for a join).
   */
  putPresence(
    room: string,
    entry: TPresenceEntry,
  ): Promise<{ previous: TPresenceEntry | null; entries: TPresenceEntry[] }>;
  /** Rewrites the entry (state, seen) while it still belongs to `entry.conn`. */
  updatePresence(room: string, entry: TPresenceEntry): Promise<boolean>;
  /** Removes the entry while it still belongs to `conn`; true when it did. */
  removePresence(room: string, peerId: string, conn: string): Promise<boolean>;
  listPresence(room: string): Promise<TPresenceEntry[]>;
  clearRoom(room: string): Promise<void>;
  /** Resolves while the bus can carry rooms; throws RoomBusUnavailableError when it cannot (/readyz). */
  check(): Promise<void>;
  close(): Promise<void>;
};

/** The bus cannot reach its store (Redis down or silent): a join fails at once with `unavailable`, never hangs. */
export class RoomBusUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('the signaling room bus is unavailable', { cause });
    this.name = 'RoomBusUnavailableError';
  }
}
