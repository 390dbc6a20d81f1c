import type { TSignalPeer } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { canRejoin, createInitialCallState, reduceCallState } from './call-state.ts';
import type { TCallEvent, TCallState } from './types.ts';

const therapist: TSignalPeer = {
  peer_id: 'peer-t',
  uid: 'therapist-uid',
  name: 'Анна Смирнова',
  role: 'therapist',
  state: { audio: true, video: true, screen: false },
};

const run = (events: TCallEvent[], from: TCallState = createInitialCallState()): TCallState =>
  events.reduce(reduceCallState, from);

const joined = (peers: TSignalPeer[] = [therapist]): TCallEvent => ({
  type: 'joined',
  peerId: 'peer-c',
  peers: [...peers, { ...therapist, peer_id: 'peer-c', uid: 'client-uid', name: 'Мария', role: 'client' }],
  chat: [],
  endsAt: '2026-11-22T12:20:00Z',
});

describe('call state machine', () => {
  it('starts as no_call on the web with nothing on (spec §3, §4)', () => {
    const state = createInitialCallState();
    expect(state).toMatchObject({
      phase: 'no_call',
      platform: 'web',
      camera: false,
      microphone: false,
      inCall: false,
      localStream: null,
      peers: {},
      activeSpeakers: [],
      screenShare: { active: false, stream: null },
    });
  });

  it('goes no_call → device_check → joining → in_call', () => {
    let state = run([{ type: 'device_check_started' }]);
    expect(state.phase).toBe('device_check');
    state = run([{ type: 'device_check_finished', success: true }, { type: 'join_started' }], state);
    expect(state).toMatchObject({ phase: 'joining', inCall: false, deviceCheckSuccess: true });
    state = run([joined()], state);
    expect(state).toMatchObject({
      phase: 'in_call',
      inCall: true,
      localPeerId: 'peer-c',
      endsAt: '2026-11-22T12:20:00Z',
    });
    // We are not one of our own peers.
    expect(Object.keys(state.peers)).toEqual(['peer-t']);
    expect(state.peers['peer-t']).toMatchObject({ name: 'Анна Смирнова', audio: true, video: true, connection: 'new' });
  });

  it('goes in_call ⇄ reconnecting and keeps the peers and their media while reconnecting', () => {
    const stream = { id: 'remote' } as MediaStream;
    let state = run([
      { type: 'join_started' },
      joined(),
      { type: 'peer_media', peerId: 'peer-t', stream, screenStream: null },
      { type: 'signaling_lost', attempt: 1 },
    ]);
    expect(state).toMatchObject({ phase: 'reconnecting', reconnectAttempt: 1, inCall: true });
    expect(state.peers['peer-t']?.stream).toBe(stream);
    state = run([{ type: 'signaling_lost', attempt: 2 }], state);
    expect(state.reconnectAttempt).toBe(2);
    state = run([joined()], state);
    expect(state).toMatchObject({ phase: 'in_call', reconnectAttempt: 0 });
    expect(state.peers['peer-t']?.stream).toBe(stream);
  });

  it('does not enter in_call from a phase that did not ask to join', () => {
    expect(run([joined()]).phase).toBe('no_call');
    expect(run([{ type: 'device_check_started' }, joined()]).phase).toBe('device_check');
  });

  it('a lost socket while joining stays in joining and counts attempts', () => {
    const state = run([{ type: 'join_started' }, { type: 'signaling_lost', attempt: 3 }]);
    expect(state).toMatchObject({ phase: 'joining', reconnectAttempt: 3 });
  });

  it('tracks peers coming, their state and leaving', () => {
    let state = run([{ type: 'join_started' }, joined([])]);
    expect(state.peers).toEqual({});
    state = run([{ type: 'peer_joined', peer: therapist }], state);
    state = run([{ type: 'peer_state', peerId: 'peer-t', state: { audio: false, video: true, screen: true } }], state);
    expect(state.peers['peer-t']).toMatchObject({ audio: false, video: true, screen: true });
    state = run(
      [
        { type: 'speakers_changed', speakers: ['peer-t', 'local'] },
        { type: 'peer_left', peerId: 'peer-t' },
      ],
      state,
    );
    // Gone from the room but maybe back in a moment: kept, marked away.
    expect(state.peers['peer-t']?.away).toBe(true);
    state = run([{ type: 'peer_joined', peer: therapist }], state);
    expect(state.peers['peer-t']?.away).toBe(false);
    state = run(
      [
        { type: 'peer_left', peerId: 'peer-t' },
        { type: 'peer_gone', peerId: 'peer-t' },
      ],
      state,
    );
    expect(state.peers).toEqual({});
    expect(state.activeSpeakers).toEqual(['local']);
  });

  it('ends for everyone with the reason and slot, and then ignores everything but a new join', () => {
    let state = run([
      { type: 'join_started' },
      joined(),
      { type: 'ended', reason: 'therapist_ended', slotHashid: 'slot-9' },
    ]);
    expect(state).toMatchObject({
      phase: 'ended',
      inCall: false,
      ended: { reason: 'therapist_ended', slotHashid: 'slot-9' },
      peers: {},
      localStream: null,
    });
    const after = run(
      [
        { type: 'peer_joined', peer: therapist },
        { type: 'signaling_lost', attempt: 1 },
      ],
      state,
    );
    expect(after).toBe(state);
    // A session that is over cannot be joined again from here.
    expect(canRejoin(state)).toBe(false);
    state = run([{ type: 'join_started' }], state);
    expect(state.phase).toBe('ended');
  });

  it('after «Выйти» or a replaced tab the person may join again', () => {
    const left = run([{ type: 'join_started' }, joined(), { type: 'ended', reason: 'left', slotHashid: null }]);
    expect(canRejoin(left)).toBe(true);
    expect(run([{ type: 'join_started' }], left)).toMatchObject({ phase: 'joining', ended: null });
    const replaced = run([{ type: 'join_started' }, joined(), { type: 'ended', reason: 'replaced', slotHashid: null }]);
    expect(run([{ type: 'join_started' }], replaced).phase).toBe('joining');
  });

  it('keeps camera, microphone and screen share flags', () => {
    const stream = { id: 'local' } as MediaStream;
    let state = run([{ type: 'local_stream', stream, camera: true, microphone: true }]);
    expect(state).toMatchObject({ localStream: stream, camera: true, microphone: true });
    state = run(
      [
        { type: 'microphone_changed', on: false },
        { type: 'camera_changed', on: false },
      ],
      state,
    );
    expect(state).toMatchObject({ camera: false, microphone: false });
    const screen = { id: 'screen' } as MediaStream;
    state = run([{ type: 'screen_share_changed', stream: screen }], state);
    expect(state.screenShare).toEqual({ active: true, stream: screen });
    state = run([{ type: 'screen_share_changed', stream: null }], state);
    expect(state.screenShare).toEqual({ active: false, stream: null });
  });

  it('keeps the chat in server order, replaces a pending message by its confirmation, and restores history', () => {
    const message = (id: string, at: string, clientId = id) => ({
      id,
      from_uid: 'u',
      name: 'Мария',
      text: id,
      sent_at: at,
      client_id: clientId,
    });
    let state = run([{ type: 'join_started' }, joined()]);
    state = run(
      [
        { type: 'chat_pending', message: message('pending-c1', '2026-11-22T11:41:00Z', 'c1') },
        { type: 'chat_received', message: message('m2', '2026-11-22T11:40:00Z') },
        { type: 'chat_received', message: message('m1', '2026-11-22T11:39:00Z') },
        { type: 'chat_received', message: message('m2', '2026-11-22T11:40:00Z') },
      ],
      state,
    );
    expect(state.chat.map((entry) => [entry.id, entry.pending])).toEqual([
      ['m1', false],
      ['m2', false],
      ['pending-c1', true],
    ]);
    state = run([{ type: 'chat_received', message: message('m3', '2026-11-22T11:41:01Z', 'c1') }], state);
    expect(state.chat.map((entry) => entry.id)).toEqual(['m1', 'm2', 'm3']);
    // A reload starts empty and gets the history from `joined`.
    const reloaded = run([
      { type: 'join_started' },
      {
        ...joined(),
        chat: [message('m1', '2026-11-22T11:39:00Z'), message('m2', '2026-11-22T11:40:00Z')],
      } as TCallEvent,
    ]);
    expect(reloaded.chat.map((entry) => entry.id)).toEqual(['m1', 'm2']);
  });
});
