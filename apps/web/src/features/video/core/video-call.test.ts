import type { TServerSignalMessage, TSignalPeer } from '@therapy/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeerLink } from './peer-link.ts';
import { isPolite } from './politeness.ts';
import {
  FakeMediaStream,
  FakeMediaStreamTrack,
  FakeRTCPeerConnection,
  FakeWebSocket,
  fakeMediaEnv,
  makeVideoData,
  resetFakes,
  settle,
} from './testing/fakes.ts';
import { createVideoCall, type TVideoCallOptions } from './video-call.ts';

const THERAPIST: TSignalPeer = {
  peer_id: 'peer-t',
  uid: 'therapist-uid',
  name: 'Анна Смирнова',
  role: 'therapist',
  state: { audio: true, video: true, screen: false },
};
const SELF: TSignalPeer = { ...THERAPIST, peer_id: 'peer-c', uid: 'client-uid', name: 'Мария Иванова', role: 'client' };

const joined = (chat: Extract<TServerSignalMessage, { type: 'joined' }>['chat'] = []): TServerSignalMessage => ({
  type: 'joined',
  peer_id: 'peer-c',
  peers: [SELF, THERAPIST],
  chat,
  ends_at: '2026-11-22T12:20:00Z',
});

function setup(overrides: Partial<TVideoCallOptions> = {}) {
  const env = fakeMediaEnv({ random: () => 0 });
  const reporter = { deviceCheck: vi.fn(async () => {}), summary: vi.fn(async () => {}) };
  const call = createVideoCall({
    // The ids the test's `joined` uses; no peer expected ahead (the offer sent with the join has a test of its own).
    videoData: makeVideoData({ peer_id: 'peer-c', remote_peer_id: null }),
    role: 'client',
    selfName: 'Мария Иванова',
    env,
    reporter,
    timing: { speakerIntervalMs: 60_000, statsIntervalMs: 60_000 },
    ...overrides,
  });
  return { call, env, reporter };
}

/** Plays the therapist's browser: a real PeerLink whose signals go through the fake socket. */
function remoteTherapist(socket: FakeWebSocket) {
  const pc = new FakeRTCPeerConnection();
  const media: Array<{ camera: MediaStream | null; screen: MediaStream | null }> = [];
  let current = socket;
  const link = new PeerLink({
    remotePeerId: 'peer-c',
    polite: isPolite('peer-t', 'peer-c'),
    pc: pc as unknown as RTCPeerConnection,
    sendSignal: (data) => setTimeout(() => current.serverSend({ type: 'signal', from: 'peer-t', data }), 0),
    onMedia: (camera, screen) => media.push({ camera, screen }),
    onConnectionState: () => {},
    onRemoteRestart: () => {},
  });
  /** The same browser (same connection) on another socket: what a signaling reconnect looks like. */
  const wire = (next: FakeWebSocket) => {
    current = next;
    next.onClientMessage = (message) => {
      if (message.type === 'signal' && message.to === 'peer-t')
        setTimeout(() => void link.handleSignal(message.data), 0);
    };
  };
  wire(socket);
  /** The therapist's camera goes out once the server has told it about us (`peer_joined`). */
  const start = () =>
    link.addLocalStream(
      new FakeMediaStream([
        new FakeMediaStreamTrack('audio'),
        new FakeMediaStreamTrack('video'),
      ]) as unknown as MediaStream,
    );
  return { pc, link, media, wire, start };
}

/** Our own connections, not the test's remote ones. */
const localPcs = (...remote: FakeRTCPeerConnection[]) =>
  FakeRTCPeerConnection.instances.filter((pc) => !remote.includes(pc));

async function joinCall(call: ReturnType<typeof setup>['call']) {
  await call.startDeviceCheck();
  call.finishDeviceCheck(true);
  await call.join();
  const socket = FakeWebSocket.last();
  socket.serverOpen();
  await settle(2);
  return socket;
}

beforeEach(() => resetFakes());
afterEach(() => vi.useRealTimers());

describe('video call', () => {
  it('runs the device check: camera and microphone on, devices listed, the outcome reported', async () => {
    const { call, reporter } = setup();
    expect(call.getSnapshot().phase).toBe('no_call');
    await call.startDeviceCheck();
    const state = call.getSnapshot();
    expect(state).toMatchObject({ phase: 'device_check', camera: true, microphone: true });
    expect(state.localStream?.getTracks()).toHaveLength(2);
    expect(state.devices.cameras.map((device) => device.label)).toEqual(['Встроенная камера', 'USB-камера']);
    vi.useFakeTimers();
    call.finishDeviceCheck(false);
    expect(call.getSnapshot().deviceCheckSuccess).toBe(false);
    // Reported a moment later (a join that follows must not share the server with it), at the latest after 3 s.
    expect(reporter.deviceCheck).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(reporter.deviceCheck).toHaveBeenCalledWith('slot-1', false);
  });

  it('reports the device check once the connection is up, not with the join', async () => {
    const { call, reporter } = setup();
    const socket = await joinCall(call);
    const remote = remoteTherapist(socket);
    socket.serverSend(joined());
    remote.start();
    await settle();
    expect(reporter.deviceCheck).not.toHaveBeenCalled();
    localPcs(remote.pc)[0]?.setConnectionState('connected');
    expect(reporter.deviceCheck).toHaveBeenCalledExactlyOnceWith('slot-1', true);
    call.dispose();
    expect(reporter.deviceCheck).toHaveBeenCalledOnce();
  });

  it('reports the device check at once when nobody else is in the room, or when the page leaves', async () => {
    const alone = setup();
    const socket = await joinCall(alone.call);
    socket.serverSend({ ...joined(), peers: [SELF] } as TServerSignalMessage);
    expect(alone.reporter.deviceCheck).toHaveBeenCalledExactlyOnceWith('slot-1', true);
    alone.call.dispose();

    const leaving = setup();
    await leaving.call.startDeviceCheck();
    leaving.call.finishDeviceCheck(true);
    leaving.call.dispose();
    expect(leaving.reporter.deviceCheck).toHaveBeenCalledExactlyOnceWith('slot-1', true);
  });

  it('opens the signaling socket with the device check, in parallel with the camera, and joins on it', async () => {
    const { call, env } = setup();
    const checking = call.startDeviceCheck();
    // The socket is on its way before the camera has answered; nothing is sent on it yet.
    const socket = FakeWebSocket.last();
    expect(env.devices.requests).toHaveLength(1);
    socket.serverOpen();
    await checking;
    expect(socket.sent).toEqual([]);
    call.finishDeviceCheck(true);
    // A click on «join» while the camera is still being asked for asks once, not twice.
    await call.join();
    await settle(2);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(env.devices.requests).toHaveLength(1);
    expect(socket.sentOfType('join')).toEqual([
      { type: 'join', token: 'token-1', state: { audio: true, video: true, screen: false } },
    ]);
  });

  it('asks for the camera once when «join» comes before the device check has it', async () => {
    const { call, env } = setup();
    const checking = call.startDeviceCheck();
    const joining = call.join();
    await Promise.all([checking, joining]);
    const socket = FakeWebSocket.last();
    socket.serverOpen();
    await settle(2);
    expect(env.devices.requests).toHaveLength(1);
    expect(socket.sentOfType('join')).toHaveLength(1);
    expect(call.getSnapshot()).toMatchObject({ phase: 'joining', camera: true, microphone: true });
  });

  it('works with the microphone alone when the camera is refused', async () => {
    const { call, env } = setup();
    env.devices.deny.add('video');
    await call.startDeviceCheck();
    expect(call.getSnapshot()).toMatchObject({ camera: false, microphone: true, error: null });
  });

  it('says the browser refused when neither device is allowed', async () => {
    const { call, env } = setup();
    env.devices.deny.add('video');
    env.devices.deny.add('audio');
    await call.startDeviceCheck();
    expect(call.getSnapshot()).toMatchObject({ camera: false, microphone: false, error: { key: 'mediaDenied' } });
  });

  it('joins, connects media both ways, relays state, chat and screen share, and ends with a report', async () => {
    const { call, env, reporter } = setup();
    const socket = await joinCall(call);
    expect(socket.url).toBe('wss://therapy.test/api/v1/video/signal');
    expect(socket.sentOfType('join')).toEqual([
      { type: 'join', token: 'token-1', state: { audio: true, video: true, screen: false } },
    ]);
    expect(call.getSnapshot().phase).toBe('joining');

    const remote = remoteTherapist(socket);
    socket.serverSend(joined());
    remote.start();
    await settle();
    let state = call.getSnapshot();
    expect(state).toMatchObject({ phase: 'in_call', inCall: true, localPeerId: 'peer-c' });
    expect(state.peers['peer-t']?.name).toBe('Анна Смирнова');
    expect(state.peers['peer-t']?.stream?.getTracks()).toHaveLength(2);
    expect(remote.media.at(-1)?.camera?.getTracks()).toHaveLength(2);
    const local = localPcs(remote.pc)[0];
    expect(local?.config.iceServers).toEqual([{ urls: 'stun:127.0.0.1:3478' }]);

    // The client mutes: the track stays but is disabled, and the other side is told.
    call.toggleMicrophone();
    expect(call.getSnapshot().microphone).toBe(false);
    expect(call.getSnapshot().localStream?.getAudioTracks()[0]?.enabled).toBe(false);
    expect(socket.sentOfType('state').at(-1)).toEqual({
      type: 'state',
      state: { audio: false, video: true, screen: false },
    });
    socket.serverSend({ type: 'state', peer_id: 'peer-t', state: { audio: true, video: false, screen: false } });
    expect(call.getSnapshot().peers['peer-t']).toMatchObject({ audio: true, video: false });

    // Chat: shown at once as pending, then confirmed by the server's copy.
    expect(call.sendChat('  Здравствуйте!  ')).toBe(true);
    const sent = socket.sentOfType('chat')[0];
    expect(sent).toEqual({ type: 'chat', text: 'Здравствуйте!', client_id: 'client-1' });
    expect(call.getSnapshot().chat).toMatchObject([{ text: 'Здравствуйте!', pending: true }]);
    socket.serverSend({
      type: 'chat',
      message: {
        id: 'm1',
        from_uid: 'client-uid',
        name: 'Мария Иванова',
        text: 'Здравствуйте!',
        sent_at: '2026-11-22T11:31:00Z',
        client_id: 'client-1',
      },
    });
    expect(call.getSnapshot().chat).toMatchObject([{ id: 'm1', pending: false }]);
    expect(call.sendChat('   ')).toBe(false);

    // Screen share arrives as a new video at the other side; the browser's own «stop» ends it cleanly.
    await call.startScreenShare();
    await settle();
    state = call.getSnapshot();
    expect(state.screenShare.active).toBe(true);
    expect(socket.sentOfType('state').at(-1)?.state.screen).toBe(true);
    expect(remote.media.at(-1)?.screen?.getVideoTracks()).toHaveLength(1);
    env.devices.displayTracks[0]?.end();
    await settle();
    expect(call.getSnapshot().screenShare.active).toBe(false);
    expect(socket.sentOfType('state').at(-1)?.state.screen).toBe(false);
    expect(remote.media.at(-1)?.screen).toBeNull();

    // The therapist ends the session.
    const localStream = call.getSnapshot().localStream;
    socket.serverSend({ type: 'ended', reason: 'therapist_ended', slot_hashid: 'slot-1' });
    await settle();
    state = call.getSnapshot();
    expect(state).toMatchObject({
      phase: 'ended',
      inCall: false,
      ended: { reason: 'therapist_ended', slotHashid: 'slot-1' },
    });
    expect(localStream?.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    expect(local?.closed).toBe(true);
    expect(socket.closedByClient).toBe(true);
    expect(reporter.summary).toHaveBeenCalledWith(
      expect.objectContaining({ slot_hashid: 'slot-1', reason: 'therapist_ended', samples: expect.any(Number) }),
    );
  });

  it('sends its offer to the expected peer right behind the join, without waiting for joined', async () => {
    const { call } = setup({ videoData: makeVideoData({ peer_id: 'peer-c', remote_peer_id: 'peer-t' }) });
    await call.startDeviceCheck();
    call.finishDeviceCheck(true);
    await call.join();
    const socket = FakeWebSocket.last();
    // The therapist is in the room: the server hands them what follows our join.
    const remote = remoteTherapist(socket);
    socket.serverOpen();
    await settle(2);
    const sent = socket.sent.map((message) => message.type);
    expect(sent[0]).toBe('join');
    expect(socket.sentOfType('signal')[0]).toMatchObject({ to: 'peer-t', data: { description: { type: 'offer' } } });
    // The answer may come before `joined` is read; `joined` then keeps the link (no second offer, no ICE restart).
    socket.serverSend(joined());
    remote.start();
    await settle();
    const [pc] = localPcs(remote.pc);
    expect(localPcs(remote.pc)).toHaveLength(1);
    expect(pc?.restarts).toBe(0);
    expect(
      socket.sentOfType('signal').filter((m) => 'description' in m.data && m.data.description.type === 'offer'),
    ).toHaveLength(1);
    expect([pc?.signalingState, remote.pc.signalingState]).toEqual(['stable', 'stable']);
    expect(call.getSnapshot().peers['peer-t']?.stream).toBeTruthy();
  });

  it('drops the link offered ahead when joined says that peer is not there', async () => {
    const { call } = setup({ videoData: makeVideoData({ peer_id: 'peer-c', remote_peer_id: 'peer-t' }) });
    const socket = await joinCall(call);
    expect(socket.sentOfType('signal').length).toBeGreaterThan(0);
    const [offered] = localPcs();
    socket.serverSend({ ...joined(), peers: [SELF] } as TServerSignalMessage);
    await settle();
    expect(offered?.signalingState).toBe('closed');
  });

  it('reconnects after the socket drops, joins again and restarts ICE on the kept connection', async () => {
    const { call } = setup();
    const socket = await joinCall(call);
    const remote = remoteTherapist(socket);
    socket.serverSend(joined());
    remote.start();
    await settle();
    const pc = localPcs(remote.pc)[0];
    const stream = call.getSnapshot().peers['peer-t']?.stream;

    socket.serverClose();
    expect(call.getSnapshot()).toMatchObject({ phase: 'reconnecting', reconnectAttempt: 1 });
    // Media keeps flowing while the socket is away.
    expect(call.getSnapshot().peers['peer-t']?.stream).toBe(stream);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = FakeWebSocket.last();
    expect(again).not.toBe(socket);
    again.serverOpen();
    await settle(2);
    expect(again.sentOfType('join')[0]?.token).toBe('token-1');
    remote.wire(again);
    again.serverSend(joined());
    await settle();
    expect(call.getSnapshot().phase).toBe('in_call');
    expect(localPcs(remote.pc)).toEqual([pc]);
    expect(pc?.restarts).toBe(1);
    // The ICE restart was negotiated: both ends are stable again.
    expect([pc?.signalingState, remote.pc.signalingState]).toEqual(['stable', 'stable']);
  });

  it('refuses: an error before joining ends the attempt with its code', async () => {
    const { call } = setup();
    const socket = await joinCall(call);
    socket.serverSend({ type: 'error', code: 'not_participant', message: 'Вы не участник этой сессии' });
    expect(call.getSnapshot().phase).toBe('joining');
    socket.serverClose(4003);
    expect(call.getSnapshot()).toMatchObject({
      phase: 'ended',
      ended: { reason: 'refused', code: 'not_participant', message: 'Вы не участник этой сессии' },
    });
  });

  it('refuses: a refusal right after joining (the session was cancelled since) ends the call with its words', async () => {
    const { call } = setup();
    const socket = await joinCall(call);
    socket.serverSend(joined());
    await settle();
    socket.serverSend({ type: 'error', code: 'session_unavailable', message: 'Сессия отменена или перенесена' });
    socket.serverClose(4006);
    expect(call.getSnapshot()).toMatchObject({
      phase: 'ended',
      ended: { reason: 'refused', code: 'session_unavailable', message: 'Сессия отменена или перенесена' },
    });
  });

  it('replaces an expired token with fresh video data and joins again', async () => {
    const refresh = vi.fn(async () => makeVideoData({ peer_id: 'peer-c', remote_peer_id: null, token: 'token-2' }));
    const { call } = setup({ refreshVideoData: refresh });
    const socket = await joinCall(call);
    socket.serverSend({ type: 'error', code: 'token_expired', message: 'Ссылка устарела' });
    socket.serverClose(4004);
    expect(call.getSnapshot().phase).toBe('joining');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = FakeWebSocket.last();
    again.serverOpen();
    await settle(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(again.sentOfType('join')[0]?.token).toBe('token-2');
  });

  it('clears the video data when fetching it fails (spec §4)', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('network');
    });
    const { call } = setup({
      videoData: makeVideoData({ peer_id: 'peer-c', remote_peer_id: null, token_expires_at: '2000-01-01T00:00:00Z' }),
      refreshVideoData: refresh,
    });
    await call.join();
    FakeWebSocket.last().serverOpen();
    await settle(2);
    expect(refresh).toHaveBeenCalled();
    expect(call.videoData()).toBeNull();
    expect(call.getSnapshot().error).toEqual({ key: 'videoDataFailed' });
  });

  it('lets only the therapist end the session for everyone', async () => {
    const client = setup();
    const clientSocket = await joinCall(client.call);
    clientSocket.serverSend(joined());
    expect(client.call.endForAll()).toBe(false);
    expect(clientSocket.sentOfType('end')).toEqual([]);

    const therapist = setup({ role: 'therapist', selfName: 'Анна Смирнова' });
    const socket = await joinCall(therapist.call);
    socket.serverSend(joined());
    expect(therapist.call.endForAll()).toBe(true);
    expect(socket.sentOfType('end')).toEqual([{ type: 'end' }]);
  });

  it('keeps a peer whose socket left for a grace period, and lets it go after', async () => {
    vi.useFakeTimers();
    const { call } = setup();
    await call.join();
    const socket = FakeWebSocket.last();
    socket.serverOpen();
    await vi.advanceTimersByTimeAsync(0);
    socket.serverSend(joined());
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakeRTCPeerConnection.instances[0];
    socket.serverSend({ type: 'peer_left', peer_id: 'peer-t' });
    expect(call.getSnapshot().peers['peer-t']?.away).toBe(true);
    // Back within the grace period (a reload): the same connection carries on.
    await vi.advanceTimersByTimeAsync(5000);
    socket.serverSend({ type: 'peer_joined', peer: THERAPIST });
    expect(call.getSnapshot().peers['peer-t']?.away).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(pc?.closed).toBe(false);
    socket.serverSend({ type: 'peer_left', peer_id: 'peer-t' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(call.getSnapshot().peers['peer-t']).toBeUndefined();
    expect(pc?.closed).toBe(true);
    call.dispose();
  });

  it('a tab replaced by a newer one stops and may join again', async () => {
    const { call } = setup();
    const socket = await joinCall(call);
    socket.serverSend(joined());
    socket.serverSend({ type: 'replaced' });
    expect(call.getSnapshot()).toMatchObject({ phase: 'ended', ended: { reason: 'replaced' } });
    await call.join();
    expect(call.getSnapshot().phase).toBe('joining');
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('switches the camera in the call by replacing the sent track, keeping it off when it was off', async () => {
    const { call } = setup();
    const socket = await joinCall(call);
    const remote = remoteTherapist(socket);
    socket.serverSend(joined());
    remote.start();
    await settle();
    call.toggleCamera();
    const pc = localPcs(remote.pc)[0];
    const offers = pc?.offersMade;
    await call.selectDevice('camera', 'cam-2');
    const video = call.getSnapshot().localStream?.getVideoTracks() ?? [];
    expect(video).toHaveLength(1);
    expect(video[0]?.enabled).toBe(false);
    expect(pc?.getSenders().some((sender) => sender.track === (video[0] as unknown))).toBe(true);
    expect(call.getSnapshot().devices.selected.camera).toBe('cam-2');
    await settle();
    expect(pc?.offersMade).toBe(offers);
  });
});
