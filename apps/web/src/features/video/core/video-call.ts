/**
 * The built-in call: our signaling socket plus peer-to-peer media. It wires the signaling client, the peer
 * manager, devices, local media, screen share, active speaker and the stats sampler to the call state machine, and
 * is all the React layer talks to (`TVideoCall`). A LiveKit provider would implement the same type.
 */
import {
  SIGNAL_CLOSE_CODES,
  type TMediaState,
  type TRole,
  type TServerSignalMessage,
  type TVideoData,
} from '@therapy/contract';
import { createSpeakerDetector } from './active-speaker.ts';
import { createAudioLevelMeter, type TAudioLevelMeter } from './audio-level.ts';
import { markCallPhase } from './call-marks.ts';
import { canRejoin, createInitialCallState, reduceCallState } from './call-state.ts';
import { createDeviceManager } from './device-manager.ts';
import { openLocalMedia, openTrack, setKindEnabled, stopStream, swapTrack } from './local-media.ts';
import type { TMediaEnv } from './media-env.ts';
import { PeerManager } from './peer-manager.ts';
import { captureScreen } from './screen-share.ts';
import {
  createSignalingClient,
  signalSocketUrl,
  type TJoinMessage,
  type TSignalingClient,
} from './signaling-client.ts';
import { createStatsSampler, type TStatsSummary } from './stats-sampler.ts';
import { createStore } from './store.ts';
import { LOCAL_SPEAKER, type TCallEvent, type TCallState, type TDeviceKind, type TEndReason } from './types.ts';

export type TCallReport = TStatsSummary & { slot_hashid: string; reason: TEndReason };

/** Where the call tells the server what happened; the React layer maps these to the role's endpoints. */
export type TCallReporter = {
  deviceCheck: (slotHashid: string, success: boolean) => Promise<unknown>;
  summary: (report: TCallReport) => Promise<unknown>;
};

export type TVideoCallOptions = {
  videoData: TVideoData;
  role: TRole;
  /** Our own name, for the chat messages we send before the server confirms them. */
  selfName: string;
  env: TMediaEnv;
  reporter?: TCallReporter;
  /** Fresh video data (a new join token) for a re-join when the token has expired. */
  refreshVideoData?: () => Promise<TVideoData>;
  /** 'relay' forces TURN (used to prove media really flows through it). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  timing?: Partial<{
    speakerIntervalMs: number;
    statsIntervalMs: number;
    pingIntervalMs: number;
    idleTimeoutMs: number;
  }>;
};

export type TVideoCall = {
  getSnapshot: () => TCallState;
  subscribe: (listener: () => void) => () => void;
  /** The video data in use; null after a failed refresh (spec §4: a failed fetch clears it). */
  videoData: () => TVideoData | null;
  startDeviceCheck: () => Promise<void>;
  finishDeviceCheck: (success: boolean) => void;
  join: () => Promise<void>;
  leave: () => void;
  /** The therapist ends the session for everyone; false when the socket is not there. */
  endForAll: () => boolean;
  toggleCamera: () => void;
  toggleMicrophone: () => void;
  startScreenShare: () => Promise<void>;
  stopScreenShare: () => Promise<void>;
  selectDevice: (kind: TDeviceKind, id: string | null) => Promise<void>;
  applySpeaker: (element: HTMLMediaElement) => Promise<void>;
  sendChat: (text: string) => boolean;
  /** Our microphone's loudness now, 0…1 (the device check's meter). */
  localLevel: () => number;
  clearError: () => void;
  dispose: () => void;
};

const TOKEN_MARGIN_MS = 15_000;
/**
 * The device check's outcome is reported once the call is set up (a connection is up, or nobody else is there), at
 * the latest this long after the check: sent with the join, its request reached the server together with the join
 * and the offer, and its database write held them up (~30 ms on the embedded database).
 */
const DEVICE_REPORT_LATEST_MS = 3000;
/** A peer whose socket left keeps its connection this long: a reload or a network blip brings it back. */
const PEER_GRACE_MS = 10_000;

export function createVideoCall(options: TVideoCallOptions): TVideoCall {
  const { env, role } = options;
  const timing = { speakerIntervalMs: 250, statsIntervalMs: 5000, ...options.timing };
  const store = createStore<TCallState, TCallEvent>(createInitialCallState(), reduceCallState);
  const dispatch = store.dispatch;
  const state = store.getSnapshot;

  let videoData: TVideoData | null = options.videoData;
  let tokenStale = false;
  let signaling: TSignalingClient | null = null;
  let peers: PeerManager | null = null;
  let screenStream: MediaStream | null = null;
  let meter: TAudioLevelMeter | null = null;
  let speakerTimer: ReturnType<typeof setInterval> | undefined;
  let everJoined = false;
  let disposed = false;
  let lastRefusal: { code: string; message: string } | null = null;
  const graceTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const detector = createSpeakerDetector();
  const sampler = createStatsSampler({
    reports: () => peers?.statsReports() ?? Promise.resolve(new Map()),
    intervalMs: timing.statsIntervalMs,
  });
  const devices = createDeviceManager({
    mediaDevices: env.mediaDevices,
    storage: env.storage,
    onChange: (next) => dispatch({ type: 'devices_changed', devices: next }),
  });
  const stopOnline = env.onOnline(() => signaling?.reconnectNow());

  let deviceReport: { slot: string; success: boolean } | null = null;
  let deviceReportTimer: ReturnType<typeof setTimeout> | undefined;
  const sendDeviceReport = (): void => {
    clearTimeout(deviceReportTimer);
    deviceReportTimer = undefined;
    const report = deviceReport;
    deviceReport = null;
    if (report) void options.reporter?.deviceCheck(report.slot, report.success).catch(() => undefined);
  };

  const mediaState = (): TMediaState => ({
    audio: state().microphone,
    video: state().camera,
    screen: state().screenShare.active,
  });

  const broadcastState = (): void => {
    signaling?.send({ type: 'state', state: mediaState() });
  };

  const setMeter = (stream: MediaStream | null): void => {
    meter?.close();
    meter = stream ? createAudioLevelMeter(stream, env.AudioContext) : null;
  };

  /** The camera and microphone being opened, so a join during the device check's request does not ask twice. */
  let opening: Promise<void> | null = null;
  const openMedia = async (): Promise<void> => {
    const media = await openLocalMedia(env.mediaDevices, devices.current().selected, env.MediaStream);
    if (disposed) {
      stopStream(media.stream);
      return;
    }
    dispatch({ type: 'local_stream', stream: media.stream, camera: media.camera, microphone: media.microphone });
    markCallPhase('media');
    if (media.error) dispatch({ type: 'error', error: { key: media.error } });
    setMeter(media.stream);
    // Labels are only there once a permission was given (not waited for: nothing else needs them).
    void devices.refresh().catch(() => undefined);
  };
  const ensureLocalMedia = (): Promise<void> => {
    if (state().localStream) return Promise.resolve();
    opening ??= openMedia().finally(() => {
      opening = null;
    });
    return opening;
  };

  const releaseLocalMedia = (): void => {
    setMeter(null);
    stopStream(state().localStream);
    stopStream(screenStream);
    screenStream = null;
  };

  const startSpeakerLoop = (): void => {
    if (speakerTimer !== undefined) return;
    speakerTimer = setInterval(() => {
      const levels = peers?.audioLevels() ?? {};
      levels[LOCAL_SPEAKER] = state().microphone ? (meter?.level() ?? 0) : 0;
      dispatch({ type: 'speakers_changed', speakers: detector.update(levels, Date.now()) });
    }, timing.speakerIntervalMs);
  };

  const clearGrace = (peerId?: string): void => {
    for (const [id, timer] of graceTimers) {
      if (peerId !== undefined && id !== peerId) continue;
      clearTimeout(timer);
      graceTimers.delete(id);
    }
  };

  const finish = (reason: TEndReason, slotHashid: string | null, code?: string, message?: string): void => {
    if (state().phase === 'ended') return;
    sendDeviceReport();
    signaling?.close();
    signaling = null;
    clearGrace();
    clearInterval(speakerTimer);
    speakerTimer = undefined;
    sampler.stop();
    const slot = slotHashid ?? videoData?.id ?? options.videoData.id;
    // The last stats are read before the connections close.
    const closing = peers;
    peers = null;
    const lastSample = closing && everJoined ? sampler.sampleNow(() => closing.statsReports()) : Promise.resolve();
    void lastSample.finally(() => closing?.closeAll());
    const reporter = options.reporter;
    if (everJoined && reporter) {
      void lastSample
        .then(() => reporter.summary({ ...sampler.summary(), slot_hashid: slot, reason }))
        .catch(() => undefined);
    }
    releaseLocalMedia();
    dispatch({ type: 'ended', reason, slotHashid, code, message });
  };

  /** The server closed the socket for good: after `ended` or `replaced` we already finished; else a refusal. */
  const onClosed = (code: number): void => {
    if (code === SIGNAL_CLOSE_CODES.replaced) finish('replaced', null);
    else if (code === SIGNAL_CLOSE_CODES.ended) finish('time_up', null);
    else finish('refused', null, lastRefusal?.code ?? `close_${code}`, lastRefusal?.message);
  };

  const currentJoin = (): TJoinMessage | Promise<TJoinMessage> => {
    const expiresSoon = videoData !== null && Date.parse(videoData.token_expires_at) - Date.now() < TOKEN_MARGIN_MS;
    const refresh = (videoData === null || tokenStale || expiresSoon) && options.refreshVideoData !== undefined;
    // Camera there and the token good: the join is sent at once.
    if (state().localStream && !refresh && videoData) return { token: videoData.token, state: mediaState() };
    return freshJoin();
  };
  const freshJoin = async (): Promise<TJoinMessage> => {
    // The socket opened while the camera was still being asked for: the join says what we send once it is there.
    await ensureLocalMedia();
    const expiresSoon = videoData !== null && Date.parse(videoData.token_expires_at) - Date.now() < TOKEN_MARGIN_MS;
    if ((videoData === null || tokenStale || expiresSoon) && options.refreshVideoData) {
      try {
        videoData = await options.refreshVideoData();
        tokenStale = false;
      } catch (error) {
        videoData = null;
        dispatch({ type: 'error', error: { key: 'videoDataFailed' } });
        throw error;
      }
    }
    if (!videoData) throw new Error('no video data');
    return { token: videoData.token, state: mediaState() };
  };

  /** A signaling client made during the device check, its socket opened ahead of the join. */
  let ahead: TSignalingClient | null = null;
  const newSignalingClient = (): TSignalingClient => {
    const data = videoData ?? options.videoData;
    return createSignalingClient({
      url: signalSocketUrl(data.signal_url, env.baseUrl),
      WebSocketImpl: env.WebSocket,
      getJoin: currentJoin,
      onMessage,
      onReconnecting: (attempt) => dispatch({ type: 'signaling_lost', attempt }),
      onClosed,
      onJoinSent,
      random: env.random,
      pingIntervalMs: timing.pingIntervalMs,
      idleTimeoutMs: timing.idleTimeoutMs,
    });
  };

  const createPeerConnection = (): RTCPeerConnection => {
    const config: RTCConfiguration = { iceServers: (videoData ?? options.videoData).ice_servers };
    if (options.iceTransportPolicy) config.iceTransportPolicy = options.iceTransportPolicy;
    return new env.RTCPeerConnection(config);
  };

  const peerManagerFor = (localPeerId: string): PeerManager => {
    if (peers && peers.localPeerId === localPeerId) return peers;
    peers?.closeAll();
    peers = new PeerManager({
      localPeerId,
      createPeerConnection,
      sendSignal: (to, data) => signaling?.send({ type: 'signal', to, data }),
      localMedia: () => ({ camera: state().localStream, screen: screenStream }),
      onMedia: (peerId, stream, screen) => dispatch({ type: 'peer_media', peerId, stream, screenStream: screen }),
      onConnectionState: (peerId, connection) => {
        dispatch({ type: 'peer_connection', peerId, connection });
        if (connection === 'connected') sendDeviceReport();
      },
    });
    return peers;
  };

  /**
   * The first join of a call went out: the offer to the peer we expect (the video data's remote_peer_id) goes right
   * behind it, instead of after `joined` came back (one round trip less). If that peer is not there, the server
   * drops the offer, and `joined` (which does not list them) removes the link; they offer when they come.
   */
  let offeredAhead = false;
  const onJoinSent = (): void => {
    if (peers !== null) return;
    const data = videoData ?? options.videoData;
    if (!data.remote_peer_id || data.remote_peer_id === data.peer_id) return;
    // The offer starts now rather than on the browser's negotiationneeded task, after whatever renders meanwhile.
    peerManagerFor(data.peer_id).ensure(data.remote_peer_id).offerNow();
    offeredAhead = true;
  };

  const onJoined = (message: Extract<TServerSignalMessage, { type: 'joined' }>): void => {
    // A re-join (the socket was lost): the connections we kept start ICE over. Not the links offered ahead.
    const rejoin = peers !== null && peers.localPeerId === message.peer_id && !offeredAhead;
    offeredAhead = false;
    const manager = peerManagerFor(message.peer_id);
    const present = new Set(message.peers.map((peer) => peer.peer_id));
    for (const peerId of manager.peerIds()) if (!present.has(peerId)) manager.remove(peerId);
    dispatch({
      type: 'joined',
      peerId: message.peer_id,
      peers: message.peers,
      chat: message.chat,
      endsAt: message.ends_at,
    });
    // The network may have changed under a lost socket: connections we kept start ICE over.
    if (rejoin) manager.restartIce();
    for (const peer of message.peers) if (peer.peer_id !== message.peer_id) manager.ensure(peer.peer_id);
    // Alone in the room: nothing to set up, the device check's outcome goes now.
    if (!message.peers.some((peer) => peer.peer_id !== message.peer_id)) sendDeviceReport();
    everJoined = true;
    sampler.start();
    startSpeakerLoop();
  };

  const onMessage = (message: TServerSignalMessage): void => {
    switch (message.type) {
      case 'joined':
        onJoined(message);
        return;
      case 'peer_joined':
        clearGrace(message.peer.peer_id);
        dispatch({ type: 'peer_joined', peer: message.peer });
        // The newcomer offers; a link we kept re-sends an offer it may have missed.
        peers?.get(message.peer.peer_id)?.resendPendingOffer();
        return;
      case 'peer_left': {
        const peerId = message.peer_id;
        dispatch({ type: 'peer_left', peerId });
        clearGrace(peerId);
        graceTimers.set(
          peerId,
          setTimeout(() => {
            graceTimers.delete(peerId);
            peers?.remove(peerId);
            dispatch({ type: 'peer_gone', peerId });
          }, PEER_GRACE_MS),
        );
        return;
      }
      case 'signal':
        void peers?.handleSignal(message.from, message.data);
        return;
      case 'state':
        dispatch({ type: 'peer_state', peerId: message.peer_id, state: message.state });
        return;
      case 'chat':
        dispatch({ type: 'chat_received', message: message.message });
        return;
      case 'ended':
        finish(message.reason, message.slot_hashid);
        return;
      case 'replaced':
        finish('replaced', null);
        return;
      case 'error':
        // The close that follows says whether to try again; a final one shows this refusal. It may come right after
        // `joined` too: the server checks the session's row beside the join (cancelled since the token was minted).
        lastRefusal = { code: message.code, message: message.message };
        if (message.code === 'token_expired') tokenStale = true;
        return;
      case 'pong':
        return;
    }
  };

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    videoData: () => videoData,

    startDeviceCheck: async () => {
      dispatch({ type: 'device_check_started' });
      // The signaling socket opens while the camera is asked for; «join» then only has to send the join.
      if (!signaling && !disposed) {
        ahead ??= newSignalingClient();
        ahead.prepare();
      }
      await ensureLocalMedia();
    },

    finishDeviceCheck: (success) => {
      dispatch({ type: 'device_check_finished', success });
      // The join follows at once: the report waits until the call is set up (DEVICE_REPORT_LATEST_MS).
      deviceReport = { slot: videoData?.id ?? options.videoData.id, success };
      clearTimeout(deviceReportTimer);
      deviceReportTimer = setTimeout(sendDeviceReport, DEVICE_REPORT_LATEST_MS);
    },

    join: async () => {
      if (disposed || !canRejoin(state()) || signaling) return;
      markCallPhase('join');
      // The socket opens at once, before the call screen renders and while the camera is asked for (if the device
      // check has not got it yet); its join waits for the camera (currentJoin).
      const media = ensureLocalMedia();
      signaling = ahead ?? newSignalingClient();
      ahead = null;
      signaling.connect();
      dispatch({ type: 'join_started' });
      await media;
    },

    leave: () => finish('left', null),

    endForAll: () => role === 'therapist' && (signaling?.send({ type: 'end' }) ?? false),

    toggleCamera: () => {
      const on = setKindEnabled(state().localStream, 'video', !state().camera);
      dispatch({ type: 'camera_changed', on });
      broadcastState();
    },

    toggleMicrophone: () => {
      const on = setKindEnabled(state().localStream, 'audio', !state().microphone);
      dispatch({ type: 'microphone_changed', on });
      broadcastState();
    },

    startScreenShare: async () => {
      if (screenStream) return;
      try {
        const stream = await captureScreen(env.mediaDevices, () => {
          if (screenStream === stream) void stopShare();
        });
        if (state().phase === 'ended' || disposed) {
          stopStream(stream);
          return;
        }
        screenStream = stream;
        dispatch({ type: 'screen_share_changed', stream });
        broadcastState();
        await peers?.setScreen(stream);
      } catch (error) {
        // Closing the browser's picker is a choice, not a failure.
        if ((error as { name?: string } | null)?.name !== 'NotAllowedError') {
          dispatch({ type: 'error', error: { key: 'screenShareFailed' } });
        }
      }
    },

    stopScreenShare: () => stopShare(),

    selectDevice: async (kind, id) => {
      devices.select(kind, id);
      const stream = state().localStream;
      if (kind === 'speaker' || !stream || state().phase === 'ended') return;
      const trackKind = kind === 'camera' ? 'video' : 'audio';
      try {
        const track = await openTrack(env.mediaDevices as MediaDevices, trackKind, id);
        track.enabled = trackKind === 'video' ? state().camera : state().microphone;
        swapTrack(stream, track);
        await peers?.replaceTrack(track, stream);
        if (trackKind === 'audio') setMeter(stream);
        const hadTrack = trackKind === 'video' ? state().camera : state().microphone;
        dispatch({
          type: 'local_stream',
          stream,
          camera: trackKind === 'video' ? hadTrack || stream.getVideoTracks().length > 0 : state().camera,
          microphone: trackKind === 'audio' ? hadTrack || stream.getAudioTracks().length > 0 : state().microphone,
        });
      } catch {
        dispatch({ type: 'error', error: { key: 'deviceSwitchFailed' } });
      }
    },

    applySpeaker: (element) => devices.applySpeaker(element),

    sendChat: (text) => {
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.length > 2000 || !signaling) return false;
      const clientId = env.randomId();
      if (!signaling.send({ type: 'chat', text: trimmed, client_id: clientId })) {
        dispatch({ type: 'error', error: { key: 'notConnected' } });
        return false;
      }
      const data = videoData ?? options.videoData;
      dispatch({
        type: 'chat_pending',
        message: {
          id: `pending-${clientId}`,
          from_uid: data.uid,
          name: options.selfName,
          text: trimmed,
          sent_at: new Date().toISOString(),
          client_id: clientId,
        },
      });
      return true;
    },

    localLevel: () => meter?.level() ?? 0,

    clearError: () => dispatch({ type: 'error_cleared' }),

    dispose: () => {
      if (disposed) return;
      if (state().phase !== 'ended' && everJoined) finish('left', null);
      sendDeviceReport();
      disposed = true;
      clearGrace();
      signaling?.close();
      ahead?.close();
      ahead = null;
      clearInterval(speakerTimer);
      sampler.stop();
      peers?.closeAll();
      releaseLocalMedia();
      devices.dispose();
      stopOnline();
    },
  };

  async function stopShare(): Promise<void> {
    const stream = screenStream;
    if (!stream) return;
    screenStream = null;
    stopStream(stream);
    dispatch({ type: 'screen_share_changed', stream: null });
    broadcastState();
    await peers?.setScreen(null);
  }
}
