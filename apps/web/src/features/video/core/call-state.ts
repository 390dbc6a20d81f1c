/**
 * The call state machine: a pure reducer over `TCallEvent`. Phases:
 * no_call → device_check → joining → in_call ⇄ reconnecting → ended. `ended` is final for the session reasons
 * (therapist_ended, time_up); after «Выйти», a replaced tab or a refusal a new `join_started` may start again.
 */
import type { TSignalPeer } from '@therapy/contract';
import { addChatMessage, addPendingMessage, applyChatHistory } from './chat-log.ts';
import { LOCAL_SPEAKER, type TCallEvent, type TCallPhase, type TCallState, type TPeerView } from './types.ts';

export function createInitialCallState(overrides: Partial<TCallState> = {}): TCallState {
  return {
    phase: 'no_call',
    platform: 'web',
    camera: false,
    microphone: false,
    inCall: false,
    localStream: null,
    localMediaVersion: 0,
    localPeerId: null,
    peers: {},
    activeSpeakers: [],
    screenShare: { active: false, stream: null },
    chat: [],
    endsAt: null,
    ended: null,
    reconnectAttempt: 0,
    deviceCheckSuccess: null,
    devices: {
      cameras: [],
      microphones: [],
      speakers: [],
      selected: { camera: null, microphone: null, speaker: null },
      canChooseSpeaker: false,
    },
    error: null,
    ...overrides,
  };
}

const ROOM_PHASES: readonly TCallPhase[] = ['joining', 'in_call', 'reconnecting'];

function peerFrom(peer: TSignalPeer, previous: TPeerView | undefined): TPeerView {
  return {
    peerId: peer.peer_id,
    uid: peer.uid,
    name: peer.name,
    role: peer.role,
    audio: peer.state.audio,
    video: peer.state.video,
    screen: peer.state.screen,
    connection: previous?.connection ?? 'new',
    away: false,
    stream: previous?.stream ?? null,
    screenStream: previous?.screenStream ?? null,
    mediaVersion: previous?.mediaVersion ?? 0,
  };
}

function updatePeer(state: TCallState, peerId: string, change: (peer: TPeerView) => TPeerView): TCallState {
  const peer = state.peers[peerId];
  if (!peer) return state;
  return { ...state, peers: { ...state.peers, [peerId]: change(peer) } };
}

function withoutPeer(state: TCallState, peerId: string): TCallState {
  if (!state.peers[peerId]) return state;
  const { [peerId]: _gone, ...peers } = state.peers;
  return { ...state, peers, activeSpeakers: state.activeSpeakers.filter((id) => id !== peerId) };
}

/** Whether a finished call may be joined again from this tab. */
export function canRejoin(state: TCallState): boolean {
  return (
    state.phase === 'no_call' ||
    state.phase === 'device_check' ||
    (state.phase === 'ended' && ['left', 'replaced', 'refused'].includes(state.ended?.reason ?? ''))
  );
}

export function reduceCallState(state: TCallState, event: TCallEvent): TCallState {
  // Nothing but a new join changes a call that is over.
  if (state.phase === 'ended' && event.type !== 'join_started') return state;

  switch (event.type) {
    case 'device_check_started':
      return state.phase === 'no_call' ? { ...state, phase: 'device_check' } : state;
    case 'device_check_finished':
      return { ...state, deviceCheckSuccess: event.success };
    case 'devices_changed':
      return { ...state, devices: { ...state.devices, ...event.devices } };
    case 'local_stream':
      return {
        ...state,
        localStream: event.stream,
        localMediaVersion: state.localMediaVersion + 1,
        camera: event.camera,
        microphone: event.microphone,
      };
    case 'join_started':
      if (!canRejoin(state)) return state;
      return {
        ...state,
        phase: 'joining',
        inCall: false,
        ended: null,
        error: null,
        peers: {},
        activeSpeakers: [],
        reconnectAttempt: 0,
      };
    case 'joined': {
      if (state.phase !== 'joining' && state.phase !== 'reconnecting') return state;
      const peers: Record<string, TPeerView> = {};
      for (const peer of event.peers) {
        if (peer.peer_id !== event.peerId) peers[peer.peer_id] = peerFrom(peer, state.peers[peer.peer_id]);
      }
      return {
        ...state,
        phase: 'in_call',
        inCall: true,
        localPeerId: event.peerId,
        peers,
        activeSpeakers: state.activeSpeakers.filter((id) => id in peers || id === LOCAL_SPEAKER),
        chat: applyChatHistory(state.chat, event.chat),
        endsAt: event.endsAt,
        reconnectAttempt: 0,
        error: null,
      };
    }
    case 'signaling_lost':
      if (state.phase === 'in_call' || state.phase === 'reconnecting') {
        return { ...state, phase: 'reconnecting', reconnectAttempt: event.attempt };
      }
      return state.phase === 'joining' ? { ...state, reconnectAttempt: event.attempt } : state;
    case 'peer_joined':
      if (!ROOM_PHASES.includes(state.phase) || event.peer.peer_id === state.localPeerId) return state;
      return {
        ...state,
        peers: { ...state.peers, [event.peer.peer_id]: peerFrom(event.peer, state.peers[event.peer.peer_id]) },
      };
    case 'peer_left':
      return updatePeer(state, event.peerId, (peer) => ({ ...peer, away: true }));
    case 'peer_gone':
      return withoutPeer(state, event.peerId);
    case 'peer_state':
      return updatePeer(state, event.peerId, (peer) => ({ ...peer, ...event.state }));
    case 'peer_media':
      return updatePeer(state, event.peerId, (peer) => ({
        ...peer,
        stream: event.stream,
        screenStream: event.screenStream,
        mediaVersion: peer.mediaVersion + 1,
      }));
    case 'peer_connection':
      return updatePeer(state, event.peerId, (peer) =>
        peer.connection === event.connection ? peer : { ...peer, connection: event.connection },
      );
    case 'camera_changed':
      return state.camera === event.on ? state : { ...state, camera: event.on };
    case 'microphone_changed':
      return state.microphone === event.on ? state : { ...state, microphone: event.on };
    case 'screen_share_changed':
      return { ...state, screenShare: { active: event.stream !== null, stream: event.stream } };
    case 'speakers_changed': {
      const same =
        event.speakers.length === state.activeSpeakers.length &&
        event.speakers.every((id, index) => state.activeSpeakers[index] === id);
      return same ? state : { ...state, activeSpeakers: event.speakers };
    }
    case 'chat_pending':
      return { ...state, chat: addPendingMessage(state.chat, event.message) };
    case 'chat_received': {
      const chat = addChatMessage(state.chat, event.message);
      return chat === state.chat ? state : { ...state, chat };
    }
    case 'ended':
      return {
        ...state,
        phase: 'ended',
        inCall: false,
        ended: { reason: event.reason, slotHashid: event.slotHashid, code: event.code, message: event.message },
        localStream: null,
        peers: {},
        activeSpeakers: [],
        screenShare: { active: false, stream: null },
      };
    case 'error':
      return { ...state, error: event.error };
    case 'error_cleared':
      return state.error ? { ...state, error: null } : state;
  }
}
