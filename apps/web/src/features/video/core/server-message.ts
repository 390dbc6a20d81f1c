/**
 * The signaling server's messages, checked by hand against the contract's `ZServerSignalMessageSchema`: the same
 * shapes, and like zod's objects only the known fields are kept. Written out rather than parsed with zod so that
 * the call page does not download zod and the contract's schemas (~24 KB compressed) for ten small shapes;
 * server-message.test.ts holds it to the schema.
 */
import type { TChatMessage, TMediaState, TServerSignalMessage, TSignalData, TSignalPeer } from '@therapy/contract';

type TRecord = Record<string, unknown>;

/** A shape that does not match: the whole message is dropped. */
class Mismatch extends Error {}

const record = (value: unknown): TRecord => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Mismatch();
  return value as TRecord;
};
const string = (value: unknown, max = Number.POSITIVE_INFINITY): string => {
  if (typeof value !== 'string' || value.length > max) throw new Mismatch();
  return value;
};
const boolean = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw new Mismatch();
  return value;
};
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T => {
  if (!options.includes(value as T)) throw new Mismatch();
  return value as T;
};
const array = <T>(value: unknown, item: (value: unknown) => T): T[] => {
  if (!Array.isArray(value)) throw new Mismatch();
  return value.map(item);
};
/** `undefined` stays absent; `null` only where the schema allows it. */
const optional = <T>(value: unknown, read: (value: unknown) => T): T | undefined =>
  value === undefined ? undefined : read(value);
const nullable =
  <T>(read: (value: unknown) => T) =>
  (value: unknown): T | null =>
    value === null ? null : read(value);
const integer = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Mismatch();
  return value;
};
/** Leaves out the keys whose value is undefined (an optional field that was not there). */
const defined = <T extends TRecord>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

const mediaState = (value: unknown): TMediaState => {
  const state = record(value);
  return { audio: boolean(state.audio), video: boolean(state.video), screen: boolean(state.screen) };
};

const peer = (value: unknown): TSignalPeer => {
  const raw = record(value);
  return {
    peer_id: string(raw.peer_id),
    uid: string(raw.uid),
    name: string(raw.name),
    role: oneOf(raw.role, ['client', 'therapist'] as const),
    state: mediaState(raw.state),
  };
};

const chatMessage = (value: unknown): TChatMessage => {
  const raw = record(value);
  return {
    id: string(raw.id),
    from_uid: string(raw.from_uid),
    name: string(raw.name),
    text: string(raw.text),
    sent_at: string(raw.sent_at),
    client_id: string(raw.client_id),
  };
};

const signalData = (value: unknown): TSignalData => {
  const raw = record(value);
  // The schema's union: a description first, else a candidate.
  try {
    const description = record(raw.description);
    return {
      description: defined({
        type: oneOf(description.type, ['offer', 'answer', 'pranswer', 'rollback'] as const),
        sdp: optional(description.sdp, (sdp) => string(sdp, 60_000)),
      }),
    };
  } catch (error) {
    if (!(error instanceof Mismatch)) throw error;
  }
  if (!('candidate' in raw)) throw new Mismatch();
  if (raw.candidate === null) return { candidate: null };
  const candidate = record(raw.candidate);
  return {
    candidate: defined({
      candidate: string(candidate.candidate, 2000),
      sdpMid: optional(
        candidate.sdpMid,
        nullable((mid) => string(mid, 64)),
      ),
      sdpMLineIndex: optional(candidate.sdpMLineIndex, nullable(integer)),
      usernameFragment: optional(
        candidate.usernameFragment,
        nullable((fragment) => string(fragment, 256)),
      ),
    }),
  };
};

function message(raw: TRecord): TServerSignalMessage {
  switch (raw.type) {
    case 'joined':
      return {
        type: 'joined',
        peer_id: string(raw.peer_id),
        peers: array(raw.peers, peer),
        chat: array(raw.chat, chatMessage),
        ends_at: string(raw.ends_at),
      };
    case 'peer_joined':
      return { type: 'peer_joined', peer: peer(raw.peer) };
    case 'peer_left':
      return { type: 'peer_left', peer_id: string(raw.peer_id) };
    case 'signal':
      return { type: 'signal', from: string(raw.from), data: signalData(raw.data) };
    case 'state':
      return { type: 'state', peer_id: string(raw.peer_id), state: mediaState(raw.state) };
    case 'chat':
      return { type: 'chat', message: chatMessage(raw.message) };
    case 'ended':
      return {
        type: 'ended',
        reason: oneOf(raw.reason, ['therapist_ended', 'time_up'] as const),
        slot_hashid: string(raw.slot_hashid),
      };
    case 'replaced':
      return { type: 'replaced' };
    case 'error':
      return { type: 'error', code: string(raw.code), message: string(raw.message) };
    case 'pong':
      return { type: 'pong' };
    default:
      throw new Mismatch();
  }
}

/** The message the server sent, or null when it is not one of the protocol's (it is then ignored). */
export function parseServerMessage(value: unknown): TServerSignalMessage | null {
  try {
    return message(record(value));
  } catch (error) {
    if (error instanceof Mismatch) return null;
    throw error;
  }
}
