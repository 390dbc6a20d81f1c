/**
 * Test doubles for the browser's media and network APIs, faithful where the call core relies on them: the
 * RTCPeerConnection signaling states (offer, answer, rollback, negotiationneeded when stable), tracks that arrive
 * on the other side through the session description, and a WebSocket whose server end the test drives.
 */
import type { TClientSignalMessage, TServerSignalMessage, TVideoData } from '@therapy/contract';
import type { TMediaEnv } from '../media-env.ts';
import type { TWebSocketConstructor } from '../signaling-client.ts';

let nextId = 1;
const newId = (prefix: string) => `${prefix}-${nextId++}`;

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

export class FakeMediaStreamTrack {
  readonly id: string;
  readonly kind: 'audio' | 'video';
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  contentHint = '';
  label: string;
  onunmute: (() => void) | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(kind: 'audio' | 'video', label = `${kind} device`, id = newId(`track-${kind}`)) {
    this.kind = kind;
    this.label = label;
    this.id = id;
  }

  stop(): void {
    this.readyState = 'ended';
  }

  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  /** What the browser does when the person stops a screen share from its own bar. */
  end(): void {
    this.readyState = 'ended';
    for (const listener of this.listeners.get('ended') ?? []) listener();
  }
}

export class FakeMediaStream {
  readonly id: string;
  onaddtrack: (() => void) | null = null;
  onremovetrack: (() => void) | null = null;
  private tracks: FakeMediaStreamTrack[];

  constructor(tracks: FakeMediaStreamTrack[] = [], id = newId('stream')) {
    this.tracks = [...tracks];
    this.id = id;
  }

  getTracks(): FakeMediaStreamTrack[] {
    return [...this.tracks];
  }

  getAudioTracks(): FakeMediaStreamTrack[] {
    return this.tracks.filter((track) => track.kind === 'audio');
  }

  getVideoTracks(): FakeMediaStreamTrack[] {
    return this.tracks.filter((track) => track.kind === 'video');
  }

  addTrack(track: FakeMediaStreamTrack): void {
    if (!this.tracks.includes(track)) this.tracks.push(track);
  }

  removeTrack(track: FakeMediaStreamTrack): void {
    this.tracks = this.tracks.filter((candidate) => candidate !== track);
  }
}

type TSdpEntry = { mid: string; kind: 'audio' | 'video'; active: boolean; senderId: string; streamId: string | null };

class FakeSender {
  readonly id = newId('sender');
  track: FakeMediaStreamTrack | null;
  streamIds: string[];
  constructor(track: FakeMediaStreamTrack | null, streamIds: string[]) {
    this.track = track;
    this.streamIds = streamIds;
  }
  async replaceTrack(track: FakeMediaStreamTrack | null): Promise<void> {
    this.track = track;
  }
  setStreams(...streams: FakeMediaStream[]): void {
    this.streamIds = streams.map((stream) => stream.id);
  }
}

class FakeTransceiver {
  readonly mid: string;
  readonly kind: 'audio' | 'video';
  readonly sender: FakeSender;
  private currentDirection: RTCRtpTransceiverDirection;
  private readonly owner: FakeRTCPeerConnection;
  constructor(
    owner: FakeRTCPeerConnection,
    mid: string,
    kind: 'audio' | 'video',
    sender: FakeSender,
    direction: RTCRtpTransceiverDirection,
  ) {
    this.owner = owner;
    this.mid = mid;
    this.kind = kind;
    this.sender = sender;
    this.currentDirection = direction;
  }
  get direction(): RTCRtpTransceiverDirection {
    return this.currentDirection;
  }
  set direction(value: RTCRtpTransceiverDirection) {
    if (value === this.currentDirection) return;
    this.currentDirection = value;
    this.owner.markNegotiationNeeded();
  }
}

type TDescription = { type: RTCSdpType; sdp?: string };

/** The RTCPeerConnection subset the call uses, with the signaling state machine of the W3C spec. */
export class FakeRTCPeerConnection {
  static instances: FakeRTCPeerConnection[] = [];

  readonly config: RTCConfiguration;
  readonly fingerprint = newId('FP');
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: TDescription | null = null;
  remoteDescription: TDescription | null = null;
  closed = false;
  rollbacks = 0;
  restarts = 0;
  offersMade = 0;
  addedCandidates: RTCIceCandidateInit[] = [];
  /** What getStats() answers. */
  stats = new Map<string, Record<string, unknown>>();
  /** What the audio receiver reports as the remote loudness. */
  audioLevel = 0;

  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: { track: FakeMediaStreamTrack; streams: FakeMediaStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  private readonly transceivers: FakeTransceiver[] = [];
  private needed = false;
  private scheduled = false;
  /** Operations in flight (the spec's operations chain): negotiationneeded waits until it is empty. */
  private ops = 0;
  private stableLocal: TDescription | null = null;
  private stableRemote: TDescription | null = null;
  private readonly remoteByMid = new Map<
    string,
    { track: FakeMediaStreamTrack; stream: FakeMediaStream; active: boolean; streamId: string }
  >();
  private readonly remoteStreams = new Map<string, FakeMediaStream>();

  constructor(config: RTCConfiguration = {}) {
    this.config = config;
    FakeRTCPeerConnection.instances.push(this);
  }

  addTrack(track: FakeMediaStreamTrack, ...streams: FakeMediaStream[]): FakeSender {
    // Like the spec: a receive-only transceiver of the kind that never sent is reused.
    const reusable = this.transceivers.find(
      (transceiver) =>
        transceiver.kind === track.kind && transceiver.sender.track === null && transceiver.direction === 'recvonly',
    );
    if (reusable) {
      reusable.sender.track = track;
      reusable.sender.streamIds = streams.map((stream) => stream.id);
      reusable.direction = 'sendrecv';
      return reusable.sender;
    }
    const sender = new FakeSender(
      track,
      streams.map((stream) => stream.id),
    );
    this.transceivers.push(new FakeTransceiver(this, String(this.transceivers.length), track.kind, sender, 'sendrecv'));
    this.markNegotiationNeeded();
    return sender;
  }

  addTransceiver(
    trackOrKind: FakeMediaStreamTrack | 'audio' | 'video',
    init: { direction?: RTCRtpTransceiverDirection; streams?: FakeMediaStream[] } = {},
  ): FakeTransceiver {
    const track = typeof trackOrKind === 'string' ? null : trackOrKind;
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    const sender = new FakeSender(
      track,
      (init.streams ?? []).map((stream) => stream.id),
    );
    const transceiver = new FakeTransceiver(
      this,
      String(this.transceivers.length),
      kind,
      sender,
      init.direction ?? 'sendrecv',
    );
    this.transceivers.push(transceiver);
    this.markNegotiationNeeded();
    return transceiver;
  }

  getSenders(): FakeSender[] {
    return this.transceivers.map((transceiver) => transceiver.sender);
  }

  getTransceivers(): FakeTransceiver[] {
    return [...this.transceivers];
  }

  getReceivers() {
    return [...this.remoteByMid.values()].map(({ track }) => ({
      track,
      getSynchronizationSources: () => [{ audioLevel: this.audioLevel, source: 1, timestamp: 0 }],
    }));
  }

  async setLocalDescription(description?: TDescription): Promise<void> {
    this.ops += 1;
    try {
      await this.applyLocal(description);
    } finally {
      this.ops -= 1;
      this.scheduleNegotiationNeeded();
    }
  }

  private async applyLocal(description?: TDescription): Promise<void> {
    await flush();
    if (this.closed) throw new Error('closed');
    if (description?.type === 'rollback') {
      if (this.signalingState === 'have-local-offer') this.localDescription = this.stableLocal;
      else if (this.signalingState === 'have-remote-offer') this.remoteDescription = this.stableRemote;
      else throw domError('InvalidStateError', `rollback in ${this.signalingState}`);
      this.rollbacks += 1;
      this.signalingState = 'stable';
      this.scheduleNegotiationNeeded();
      return;
    }
    if (this.signalingState === 'stable' || this.signalingState === 'have-local-offer') {
      this.offersMade += 1;
      this.localDescription = { type: 'offer', sdp: this.sdp() };
      this.signalingState = 'have-local-offer';
      this.needed = false;
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: this.sdp() };
      this.signalingState = 'stable';
      this.needed = false;
      this.settle();
    } else {
      throw domError('InvalidStateError', `setLocalDescription in ${this.signalingState}`);
    }
    this.emitCandidate();
  }

  async setRemoteDescription(description: TDescription): Promise<void> {
    this.ops += 1;
    try {
      await this.applyRemote(description);
    } finally {
      this.ops -= 1;
      this.scheduleNegotiationNeeded();
    }
  }

  private async applyRemote(description: TDescription): Promise<void> {
    await flush();
    if (this.closed) throw new Error('closed');
    if (description.type === 'offer') {
      if (this.signalingState !== 'stable') throw domError('InvalidStateError', `offer in ${this.signalingState}`);
      this.remoteDescription = description;
      this.signalingState = 'have-remote-offer';
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') {
        throw domError('InvalidStateError', `answer in ${this.signalingState}`);
      }
      this.remoteDescription = description;
      this.signalingState = 'stable';
      this.settle();
    } else {
      throw domError('InvalidStateError', `unexpected ${description.type}`);
    }
    this.receiveTracks(description.sdp ?? '');
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    await flush();
    if (!this.remoteDescription) throw domError('InvalidStateError', 'no remote description');
    this.addedCandidates.push(candidate);
  }

  restartIce(): void {
    this.restarts += 1;
    this.markNegotiationNeeded();
  }

  async getStats(): Promise<Map<string, Record<string, unknown>>> {
    return new Map(this.stats);
  }

  close(): void {
    this.closed = true;
    this.signalingState = 'closed';
  }

  setConnectionState(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }

  /** @internal */
  markNegotiationNeeded(): void {
    this.needed = true;
    this.scheduleNegotiationNeeded();
  }

  private settle(): void {
    this.stableLocal = this.localDescription;
    this.stableRemote = this.remoteDescription;
    this.scheduleNegotiationNeeded();
  }

  /** Like the browser: a task, fired only when stable with nothing in flight (else checked again later). */
  private scheduleNegotiationNeeded(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      if (this.needed && this.signalingState === 'stable' && this.ops === 0 && !this.closed) {
        this.onnegotiationneeded?.();
      }
    }, 0);
  }

  private sdp(): string {
    const entries: TSdpEntry[] = this.transceivers.map((transceiver) => ({
      mid: transceiver.mid,
      kind: transceiver.kind,
      active:
        transceiver.sender.track !== null &&
        (transceiver.direction === 'sendrecv' || transceiver.direction === 'sendonly'),
      senderId: transceiver.sender.id,
      streamId: transceiver.sender.streamIds[0] ?? null,
    }));
    return `v=0\r\na=fingerprint:sha-256 ${this.fingerprint}\r\na=x-fake:${JSON.stringify(entries)}\r\n`;
  }

  private receiveTracks(sdp: string): void {
    const line = /^a=x-fake:(.*)$/m.exec(sdp)?.[1];
    if (!line) return;
    const entries = JSON.parse(line.trim()) as TSdpEntry[];
    for (const entry of entries) {
      const known = this.remoteByMid.get(entry.mid);
      const streamId = entry.streamId ?? `no-stream-${entry.mid}`;
      if (entry.active && (!known?.active || known.streamId !== streamId)) {
        if (known?.active) known.stream.removeTrack(known.track);
        const track = new FakeMediaStreamTrack(entry.kind, 'remote', `remote-${entry.senderId}`);
        let stream = this.remoteStreams.get(streamId);
        if (!stream) {
          stream = new FakeMediaStream([], streamId);
          this.remoteStreams.set(streamId, stream);
        }
        stream.addTrack(track);
        this.remoteByMid.set(entry.mid, { track, stream, active: true, streamId });
        this.ontrack?.({ track, streams: [stream] });
      } else if (!entry.active && known?.active) {
        known.stream.removeTrack(known.track);
        known.active = false;
        known.stream.onremovetrack?.();
      }
    }
  }

  private emitCandidate(): void {
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
      usernameFragment: 'fake',
    };
    setTimeout(() => {
      if (!this.closed) this.onicecandidate?.({ candidate: { ...candidate, toJSON: () => candidate } });
    }, 0);
  }
}

function domError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** A WebSocket whose server end the test plays: `serverOpen`, `serverSend`, `serverClose`. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readonly url: string;
  readyState = 0;
  sent: TClientSignalMessage[] = [];
  closedByClient = false;
  /** Called for every message the client sends (a test "server" relays signals with it). */
  onClientMessage: ((message: TClientSignalMessage) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    const message = JSON.parse(data) as TClientSignalMessage;
    this.sent.push(message);
    this.onClientMessage?.(message);
  }

  close(): void {
    this.closedByClient = true;
    if (this.readyState === 3) return;
    this.readyState = 3;
    const onclose = this.onclose;
    setTimeout(() => onclose?.({ code: 1000 } as CloseEvent), 0);
  }

  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSend(message: TServerSignalMessage | Record<string, unknown>): void {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }

  serverSendRaw(data: string): void {
    this.onmessage?.({ data } as MessageEvent);
  }

  /** The server closes the socket with a code; 1006 is the network dropping it. */
  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }

  sentOfType<T extends TClientSignalMessage['type']>(type: T): Extract<TClientSignalMessage, { type: T }>[] {
    return this.sent.filter((message): message is Extract<TClientSignalMessage, { type: T }> => message.type === type);
  }
}

export type TFakeMediaDevices = {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<FakeMediaStream>;
  getDisplayMedia: () => Promise<FakeMediaStream>;
  enumerateDevices: () => Promise<Array<{ deviceId: string; kind: MediaDeviceKind; label: string; groupId: string }>>;
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
  requests: MediaStreamConstraints[];
  /** Set to make getUserMedia refuse a kind ('NotAllowedError' as the browser does on «Блокировать»). */
  deny: Set<'audio' | 'video'>;
  displayTracks: FakeMediaStreamTrack[];
};

export function fakeMediaDevices(): TFakeMediaDevices {
  const devices: TFakeMediaDevices = {
    requests: [],
    deny: new Set(),
    displayTracks: [],
    getUserMedia: async (constraints) => {
      devices.requests.push(constraints);
      const kinds = (['audio', 'video'] as const).filter((kind) => constraints[kind]);
      if (kinds.some((kind) => devices.deny.has(kind))) throw domError('NotAllowedError', 'denied');
      return new FakeMediaStream(kinds.map((kind) => new FakeMediaStreamTrack(kind)));
    },
    getDisplayMedia: async () => {
      const track = new FakeMediaStreamTrack('video', 'screen');
      devices.displayTracks.push(track);
      return new FakeMediaStream([track]);
    },
    enumerateDevices: async () => [
      { deviceId: 'cam-1', kind: 'videoinput', label: 'Встроенная камера', groupId: 'g1' },
      { deviceId: 'cam-2', kind: 'videoinput', label: 'USB-камера', groupId: 'g2' },
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Встроенный микрофон', groupId: 'g1' },
      { deviceId: 'spk-1', kind: 'audiooutput', label: 'Динамики', groupId: 'g1' },
    ],
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  return devices;
}

export function fakeMediaEnv(overrides: Partial<TMediaEnv> = {}): TMediaEnv & { devices: TFakeMediaDevices } {
  const devices = fakeMediaDevices();
  let ids = 0;
  return {
    WebSocket: FakeWebSocket as unknown as TWebSocketConstructor,
    RTCPeerConnection: FakeRTCPeerConnection as unknown as typeof RTCPeerConnection,
    MediaStream: FakeMediaStream as unknown as typeof MediaStream,
    mediaDevices: devices as unknown as MediaDevices,
    AudioContext: null,
    baseUrl: 'https://therapy.test/lk/call',
    storage: null,
    random: () => 0.5,
    randomId: () => `client-${++ids}`,
    onOnline: () => () => {},
    ...overrides,
    devices,
  };
}

export function resetFakes(): void {
  FakeWebSocket.instances = [];
  FakeRTCPeerConnection.instances = [];
}

export function makeVideoData(overrides: Partial<TVideoData> = {}): TVideoData {
  return {
    id: 'slot-1',
    session_at: '2026-11-22T11:30:00Z',
    ends_at: '2026-11-22T12:20:00Z',
    user_id: 'client-uid',
    peer_id: 'peer-client',
    remote_peer_id: 'peer-therapist',
    rate_url: '/api/v1/user/slot/video_quality',
    app_id: 'builtin',
    channel: 'room-1',
    token: 'token-1',
    token_expires_at: '2099-01-01T00:00:00Z',
    uid: 'client-uid',
    device_detection_success: null,
    therapist_mode: false,
    therapy_type: 'single',
    opens_at: '2026-11-22T11:20:00Z',
    closes_at: '2026-11-22T12:35:00Z',
    participants: [
      { uid: 'client-uid', name: 'Мария Иванова', role: 'client' },
      { uid: 'therapist-uid', name: 'Анна Смирнова', role: 'therapist' },
    ],
    ice_servers: [{ urls: 'stun:127.0.0.1:3478' }],
    signal_url: '/api/v1/video/signal',
    feedbackFreshSlotHashid: null,
    ...overrides,
  };
}

/** Lets queued microtasks and zero-delay timers run (works with fake timers too). */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await Promise.resolve();
    await new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
    });
  }
}
