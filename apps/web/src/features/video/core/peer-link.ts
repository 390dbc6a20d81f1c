/**
 * One RTCPeerConnection to one remote peer, negotiated with the W3C "perfect negotiation" pattern: either side may
 * renegotiate at any time (a screen share, a new device); on glare the impolite side ignores the other's offer and
 * the polite side rolls its own back. Incoming signals are handled one at a time, in order. A failed connection
 * restarts ICE; a description from a restarted remote connection (new DTLS fingerprint) asks for a fresh link.
 */
import type { TSignalData } from '@therapy/contract';
import { markCallPhase } from './call-marks.ts';
import { fingerprintOf } from './politeness.ts';
import { classifyRemoteStream } from './remote-streams.ts';

/** How long a "disconnected" connection may stay so before ICE is restarted. */
const DISCONNECTED_GRACE_MS = 4000;

export type TPeerLinkOptions = {
  remotePeerId: string;
  polite: boolean;
  pc: RTCPeerConnection;
  sendSignal: (data: TSignalData) => void;
  onMedia: (camera: MediaStream | null, screen: MediaStream | null) => void;
  onConnectionState: (state: RTCPeerConnectionState) => void;
  /** The remote side started over with a new connection; `description` is what it sent. */
  onRemoteRestart: (description: RTCSessionDescriptionInit) => void;
  onError?: (error: unknown) => void;
};

export class PeerLink {
  readonly remotePeerId: string;
  readonly polite: boolean;
  readonly pc: RTCPeerConnection;
  private readonly options: TPeerLinkOptions;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  private cameraSenders = new Map<string, RTCRtpSender>();
  private screenTransceiver: RTCRtpTransceiver | null = null;
  private cameraStream: MediaStream | null = null;
  private screenStream: MediaStream | null = null;

  constructor(options: TPeerLinkOptions) {
    this.options = options;
    this.remotePeerId = options.remotePeerId;
    this.polite = options.polite;
    this.pc = options.pc;
    const pc = this.pc;

    pc.onnegotiationneeded = () => void this.negotiate();
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      this.options.sendSignal({
        candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    pc.ontrack = (event) => this.receiveTrack(event);
    pc.onconnectionstatechange = () => this.connectionChanged();
    pc.oniceconnectionstatechange = () => {
      if (pc.iceConnectionState === 'connected') markCallPhase('ice-connected');
    };
  }

  /** Our camera and microphone, sent in one stream so the other side knows they belong together. */
  addLocalStream(stream: MediaStream): void {
    for (const track of stream.getTracks()) {
      if (!this.cameraSenders.has(track.kind)) this.cameraSenders.set(track.kind, this.pc.addTrack(track, stream));
    }
  }

  /** Swaps the camera or microphone in place (no renegotiation), or adds it if this kind was never sent. */
  async replaceTrack(track: MediaStreamTrack, stream: MediaStream): Promise<void> {
    const sender = this.cameraSenders.get(track.kind);
    if (sender) await sender.replaceTrack(track);
    else this.cameraSenders.set(track.kind, this.pc.addTrack(track, stream));
  }

  /**
   * Starts or stops sending a screen share as its own video transceiver, so it arrives as a new video. Stopping
   * keeps the transceiver (inactive) for the next share instead of piling up dead m-lines.
   */
  async setScreenTrack(track: MediaStreamTrack | null, stream: MediaStream | null): Promise<void> {
    const transceiver = this.screenTransceiver;
    if (track && stream) {
      if (!transceiver) {
        this.screenTransceiver = this.pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
        return;
      }
      transceiver.sender.setStreams(stream);
      await transceiver.sender.replaceTrack(track);
      transceiver.direction = 'sendonly';
    } else if (transceiver) {
      await transceiver.sender.replaceTrack(null);
      transceiver.direction = 'inactive';
    }
  }

  /**
   * Offers now, without waiting for the browser's negotiationneeded (a queued task): the first offer of a join. The
   * browser's own event then finds the offer under way and does nothing.
   */
  offerNow(): void {
    if (!this.closed && !this.makingOffer && this.pc.signalingState === 'stable') void this.negotiate();
  }

  /** Handles one relayed signal, after the ones before it. */
  handleSignal(data: TSignalData): Promise<void> {
    this.queue = this.queue.then(
      () => this.process(data),
      () => this.process(data),
    );
    return this.queue.catch((error: unknown) => this.options.onError?.(error));
  }

  restartIce(): void {
    if (!this.closed) this.pc.restartIce();
  }

  /**
   * Sends our unanswered offer again: the other side may have been away when it went out (a lost socket, a
   * reload), and an impolite side waiting for an answer that never comes would otherwise ignore their offers.
   */
  resendPendingOffer(): void {
    const offer = this.pc.localDescription;
    if (this.closed || this.pc.signalingState !== 'have-local-offer' || offer?.type !== 'offer') return;
    this.options.sendSignal({ description: { type: offer.type, sdp: offer.sdp } });
  }

  /** Receives a kind we do not send (no camera or microphone), so an offer still asks for the other's media. */
  receiveOnly(kind: 'audio' | 'video'): void {
    this.pc.addTransceiver(kind, { direction: 'recvonly' });
  }

  /** Loudness of the remote microphone now, 0…1 (what the browser reports for the last packets). */
  audioLevel(): number {
    for (const receiver of this.pc.getReceivers()) {
      if (receiver.track.kind !== 'audio') continue;
      const sources = receiver.getSynchronizationSources?.() ?? [];
      const level = sources[0]?.audioLevel;
      if (typeof level === 'number') return level;
    }
    return 0;
  }

  getStats(): Promise<RTCStatsReport> {
    return this.pc.getStats();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.disconnectedTimer);
    const pc = this.pc;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.oniceconnectionstatechange = null;
    pc.close();
  }

  private async negotiate(): Promise<void> {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      const description = this.pc.localDescription;
      if (description) {
        this.options.sendSignal({ description: { type: description.type, sdp: description.sdp } });
        markCallPhase(description.type === 'offer' ? 'offer-sent' : 'answer-sent');
      }
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async process(data: TSignalData): Promise<void> {
    if (this.closed) return;
    const pc = this.pc;
    if ('description' in data) {
      const description = data.description;
      if (description.type === 'offer' || description.type === 'answer') {
        const known = fingerprintOf(pc.remoteDescription?.sdp);
        const incoming = fingerprintOf(description.sdp);
        if (known && incoming && known !== incoming) {
          this.options.onRemoteRestart(description);
          return;
        }
      }
      markCallPhase(description.type === 'offer' ? 'offer-received' : 'answer-received');
      const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
      const offerCollision = description.type === 'offer' && !readyForOffer;
      this.ignoreOffer = !this.polite && offerCollision;
      if (this.ignoreOffer) return;
      if (offerCollision) await pc.setLocalDescription({ type: 'rollback' });
      this.settingRemoteAnswer = description.type === 'answer';
      try {
        await pc.setRemoteDescription(description);
      } finally {
        this.settingRemoteAnswer = false;
      }
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        const answer = pc.localDescription;
        if (answer) {
          this.options.sendSignal({ description: { type: answer.type, sdp: answer.sdp } });
          markCallPhase('answer-sent');
        }
      }
      return;
    }
    if (!data.candidate) return;
    try {
      await pc.addIceCandidate(data.candidate);
    } catch (error) {
      // Candidates of an offer we ignored fail to apply; that is expected.
      if (!this.ignoreOffer) throw error;
    }
  }

  private receiveTrack(event: RTCTrackEvent): void {
    const stream = event.streams[0];
    if (!stream) return;
    markCallPhase('remote-track');
    const role = classifyRemoteStream(this.cameraStream?.id ?? null, stream);
    if (role === 'camera') this.cameraStream = stream;
    else this.screenStream = stream;
    const changed = () => this.emitMedia();
    stream.onremovetrack = changed;
    stream.onaddtrack = changed;
    event.track.onunmute = changed;
    // A track comes while a remote description is applied: the page shows it once that step is done (our answer
    // sent), so that rendering the video does not hold up the answer.
    void this.queue.then(
      () => this.emitMedia(),
      () => this.emitMedia(),
    );
  }

  private emitMedia(): void {
    if (this.closed) return;
    const screen = this.screenStream && this.screenStream.getVideoTracks().length > 0 ? this.screenStream : null;
    this.options.onMedia(this.cameraStream, screen);
  }

  private connectionChanged(): void {
    const state = this.pc.connectionState;
    if (state === 'connected') markCallPhase('connected');
    this.options.onConnectionState(state);
    clearTimeout(this.disconnectedTimer);
    if (state === 'failed') this.restartIce();
    else if (state === 'disconnected') {
      this.disconnectedTimer = setTimeout(() => {
        if (this.pc.connectionState === 'disconnected') this.restartIce();
      }, DISCONNECTED_GRACE_MS);
    }
  }
}
