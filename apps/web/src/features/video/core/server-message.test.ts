import { type TServerSignalMessage, ZServerSignalMessageSchema } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { parseServerMessage } from './server-message.ts';

const STATE = { audio: true, video: false, screen: false };
const PEER = { peer_id: 'therapist-t1', uid: 't1', name: 'Анна Смирнова', role: 'therapist', state: STATE };
const LINE = {
  id: 'm1',
  from_uid: 't1',
  name: 'Анна Смирнова',
  text: 'Здравствуйте',
  sent_at: '2026-11-22T12:00:00Z',
  client_id: 'c1',
};

const VALID: unknown[] = [
  { type: 'joined', peer_id: 'client-c1', peers: [PEER], chat: [LINE], ends_at: '2026-11-22T12:50:00Z' },
  { type: 'joined', peer_id: 'client-c1', peers: [], chat: [], ends_at: '2026-11-22T12:50:00Z' },
  { type: 'peer_joined', peer: PEER },
  { type: 'peer_left', peer_id: 'therapist-t1' },
  { type: 'signal', from: 't', data: { description: { type: 'offer', sdp: 'v=0\r\n' } } },
  { type: 'signal', from: 't', data: { description: { type: 'rollback' } } },
  { type: 'signal', from: 't', data: { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host' } } },
  {
    type: 'signal',
    from: 't',
    data: { candidate: { candidate: 'c', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'abc' } },
  },
  { type: 'signal', from: 't', data: { candidate: { candidate: 'c', sdpMid: null, sdpMLineIndex: null } } },
  { type: 'signal', from: 't', data: { candidate: null } },
  // Both: the description wins, as in the schema's union.
  { type: 'signal', from: 't', data: { description: { type: 'answer', sdp: 'x' }, candidate: null } },
  // A broken description with a candidate beside it: the candidate.
  { type: 'signal', from: 't', data: { description: { type: 'nope' }, candidate: null } },
  { type: 'state', peer_id: 'p', state: STATE },
  { type: 'chat', message: LINE },
  { type: 'ended', reason: 'time_up', slot_hashid: 's1' },
  { type: 'ended', reason: 'therapist_ended', slot_hashid: 's1' },
  { type: 'replaced' },
  { type: 'error', code: 'signed_out', message: 'Войдите снова' },
  { type: 'pong' },
  // Unknown fields are dropped, not refused.
  { type: 'pong', extra: 1 },
  { type: 'peer_joined', peer: { ...PEER, extra: true, state: { ...STATE, extra: 1 } } },
  { type: 'chat', message: { ...LINE, extra: 'x' } },
];

const INVALID: unknown[] = [
  null,
  'pong',
  [],
  42,
  {},
  { type: 'unknown' },
  { type: 'joined', peer_id: 'p', peers: [], chat: [] },
  { type: 'joined', peer_id: 'p', peers: [{ ...PEER, role: 'admin' }], chat: [], ends_at: 'x' },
  { type: 'joined', peer_id: 'p', peers: {}, chat: [], ends_at: 'x' },
  { type: 'joined', peer_id: 'p', peers: [], chat: [{ ...LINE, text: 1 }], ends_at: 'x' },
  { type: 'peer_joined', peer: { ...PEER, state: { audio: true, video: true } } },
  { type: 'peer_left' },
  { type: 'signal', from: 't', data: {} },
  { type: 'signal', from: 't', data: null },
  { type: 'signal', from: 't', data: { description: { type: 'offer', sdp: 'x'.repeat(60_001) } } },
  { type: 'signal', from: 't', data: { candidate: { candidate: 'x'.repeat(2001) } } },
  { type: 'signal', from: 't', data: { candidate: { candidate: 'c', sdpMLineIndex: 0.5 } } },
  { type: 'signal', from: 't', data: { candidate: { candidate: 'c', sdpMid: 'x'.repeat(65) } } },
  { type: 'signal', from: 't', data: { candidate: { candidate: 'c', usernameFragment: 1 } } },
  { type: 'signal', data: { candidate: null } },
  { type: 'state', peer_id: 'p', state: { ...STATE, screen: 'no' } },
  { type: 'chat', message: { ...LINE, id: undefined } },
  { type: 'ended', reason: 'bored', slot_hashid: 's1' },
  { type: 'error', code: 'x' },
];

describe('the server messages, checked without zod', () => {
  it('accepts what the contract accepts, and keeps only the known fields, like the schema', () => {
    for (const value of VALID) {
      const parsed = ZServerSignalMessageSchema.safeParse(value);
      expect(parsed.success, JSON.stringify(value)).toBe(true);
      expect(parseServerMessage(value)).toEqual(parsed.data as TServerSignalMessage);
    }
  });

  it('refuses what the contract refuses', () => {
    for (const value of INVALID) {
      expect(ZServerSignalMessageSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(parseServerMessage(value), JSON.stringify(value)).toBeNull();
    }
  });
});
