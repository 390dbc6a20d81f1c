/**
 * The call model (spec §3 "Video call state"): platform, camera and microphone flags, the in-call flag, local and
 * remote streams, the peers with their names and video/audio state, the active speakers and the screen share.
 * Framework-free: React reads it through `useSyncExternalStore`, a LiveKit provider could fill the same shape.
 */
import type { TChatMessage, TMediaState, TSignalPeer } from '@therapy/contract';

/** no_call (initial, spec §4) → device_check → joining → in_call ⇄ reconnecting → ended. */
export type TCallPhase = 'no_call' | 'device_check' | 'joining' | 'in_call' | 'reconnecting' | 'ended';

/** Why the call is over for this person: the first two end the session (rating popup), the rest only this tab. */
export type TEndReason = 'therapist_ended' | 'time_up' | 'left' | 'replaced' | 'refused';

export type TPeerRole = TSignalPeer['role'];

/** Error translation keys (Jitsi keeps keys, not text, in state); the screens translate them. */
export type TCallErrorKey =
  | 'mediaDenied'
  | 'mediaUnavailable'
  | 'screenShareFailed'
  | 'deviceSwitchFailed'
  | 'signalingRefused'
  | 'tokenExpired'
  | 'notConnected'
  | 'videoDataFailed';

export type TCallError = { key: TCallErrorKey; code?: string };

/** One remote participant: who, what they send, how the connection is, and their media. */
export type TPeerView = {
  peerId: string;
  uid: string;
  name: string;
  role: TPeerRole;
  /** Their own toggles, from the `state` messages. */
  audio: boolean;
  video: boolean;
  screen: boolean;
  connection: RTCPeerConnectionState;
  /** Their socket left; the connection is kept a little in case they come back (a reload, a network blip). */
  away: boolean;
  /** Camera and microphone. */
  stream: MediaStream | null;
  /** Their screen share, a separate video. */
  screenStream: MediaStream | null;
  /** Bumps whenever tracks come or go: streams change in place, so the view needs a new value to redraw. */
  mediaVersion: number;
};

export type TChatEntry = TChatMessage & {
  /** Sent from here and not yet confirmed by the server. */
  pending: boolean;
};

export type TDevice = { id: string; label: string };

export type TDeviceKind = 'camera' | 'microphone' | 'speaker';

export type TDeviceSelection = Record<TDeviceKind, string | null>;

export type TDevices = {
  cameras: readonly TDevice[];
  microphones: readonly TDevice[];
  speakers: readonly TDevice[];
  selected: TDeviceSelection;
  /** The browser can route sound to a chosen output (`HTMLMediaElement.setSinkId`). */
  canChooseSpeaker: boolean;
};

export const LOCAL_SPEAKER = 'local';

export type TCallState = {
  phase: TCallPhase;
  platform: 'web';
  camera: boolean;
  microphone: boolean;
  inCall: boolean;
  localStream: MediaStream | null;
  /** Bumps when a track of our stream is swapped in place (another camera or microphone). */
  localMediaVersion: number;
  /** Our id in the room, from `joined`. */
  localPeerId: string | null;
  /** Remote participants by peer id, with their names, media state and streams. */
  peers: Readonly<Record<string, TPeerView>>;
  /** Peer ids speaking now; `LOCAL_SPEAKER` is this person. */
  activeSpeakers: readonly string[];
  screenShare: { active: boolean; stream: MediaStream | null };
  chat: readonly TChatEntry[];
  endsAt: string | null;
  /** How the call ended; a refusal carries the server's error code and its Russian text. */
  ended: { reason: TEndReason; slotHashid: string | null; code?: string; message?: string } | null;
  /** Re-join attempts since the signaling socket was lost. */
  reconnectAttempt: number;
  /** The device check's outcome (the video data's device-detection flag). */
  deviceCheckSuccess: boolean | null;
  devices: TDevices;
  error: TCallError | null;
};

export type TCallEvent =
  | { type: 'device_check_started' }
  | { type: 'device_check_finished'; success: boolean }
  | { type: 'devices_changed'; devices: Partial<TDevices> }
  | { type: 'local_stream'; stream: MediaStream | null; camera: boolean; microphone: boolean }
  | { type: 'join_started' }
  | { type: 'joined'; peerId: string; peers: readonly TSignalPeer[]; chat: readonly TChatMessage[]; endsAt: string }
  | { type: 'signaling_lost'; attempt: number }
  | { type: 'peer_joined'; peer: TSignalPeer }
  | { type: 'peer_left'; peerId: string }
  | { type: 'peer_gone'; peerId: string }
  | { type: 'peer_state'; peerId: string; state: TMediaState }
  | { type: 'peer_media'; peerId: string; stream: MediaStream | null; screenStream: MediaStream | null }
  | { type: 'peer_connection'; peerId: string; connection: RTCPeerConnectionState }
  | { type: 'camera_changed'; on: boolean }
  | { type: 'microphone_changed'; on: boolean }
  | { type: 'screen_share_changed'; stream: MediaStream | null }
  | { type: 'speakers_changed'; speakers: readonly string[] }
  | { type: 'chat_pending'; message: TChatMessage }
  | { type: 'chat_received'; message: TChatMessage }
  | { type: 'ended'; reason: TEndReason; slotHashid: string | null; code?: string; message?: string }
  | { type: 'error'; error: TCallError }
  | { type: 'error_cleared' };
