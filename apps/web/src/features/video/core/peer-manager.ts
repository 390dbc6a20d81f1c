/**
 * The peer connections of a call, one `PeerLink` per remote peer, given our camera, microphone and screen share.
 * Who offers first is fixed, so the first negotiation has no glare: whoever joins creates links to those already
 * in the room (from `joined`) and offers; those already there create theirs when the first signal arrives.
 * A remote side that started over gets a fresh link that picks up its description.
 */
import type { TSignalData } from '@therapy/contract';
import { PeerLink } from './peer-link.ts';
import { isPolite } from './politeness.ts';

export type TPeerManagerOptions = {
  localPeerId: string;
  createPeerConnection: () => RTCPeerConnection;
  sendSignal: (to: string, data: TSignalData) => void;
  /** What every new link starts sending. */
  localMedia: () => { camera: MediaStream | null; screen: MediaStream | null };
  onMedia: (peerId: string, camera: MediaStream | null, screen: MediaStream | null) => void;
  onConnectionState: (peerId: string, state: RTCPeerConnectionState) => void;
  onError?: (peerId: string, error: unknown) => void;
};

export class PeerManager {
  readonly localPeerId: string;
  private readonly options: TPeerManagerOptions;
  private readonly links = new Map<string, PeerLink>();

  constructor(options: TPeerManagerOptions) {
    this.options = options;
    this.localPeerId = options.localPeerId;
  }

  has(peerId: string): boolean {
    return this.links.has(peerId);
  }

  get(peerId: string): PeerLink | undefined {
    return this.links.get(peerId);
  }

  peerIds(): string[] {
    return [...this.links.keys()];
  }

  /** The link to a peer, created (and given our media) when there is none. */
  ensure(peerId: string): PeerLink {
    const existing = this.links.get(peerId);
    if (existing) return existing;
    const link: PeerLink = new PeerLink({
      remotePeerId: peerId,
      polite: isPolite(this.localPeerId, peerId),
      pc: this.options.createPeerConnection(),
      sendSignal: (data) => this.options.sendSignal(peerId, data),
      onMedia: (camera, screen) => {
        if (this.links.get(peerId) === link) this.options.onMedia(peerId, camera, screen);
      },
      onConnectionState: (state) => {
        if (this.links.get(peerId) === link) this.options.onConnectionState(peerId, state);
      },
      onRemoteRestart: (description) => this.restart(peerId, description),
      onError: (error) => this.options.onError?.(peerId, error),
    });
    this.links.set(peerId, link);
    const { camera, screen } = this.options.localMedia();
    if (camera) link.addLocalStream(camera);
    if (!camera?.getAudioTracks().length) link.receiveOnly('audio');
    if (!camera?.getVideoTracks().length) link.receiveOnly('video');
    const screenTrack = screen?.getVideoTracks()[0];
    if (screen && screenTrack) void link.setScreenTrack(screenTrack, screen);
    return link;
  }

  handleSignal(from: string, data: TSignalData): Promise<void> {
    if (from === this.localPeerId) return Promise.resolve();
    return this.ensure(from).handleSignal(data);
  }

  remove(peerId: string): void {
    const link = this.links.get(peerId);
    if (!link) return;
    this.links.delete(peerId);
    link.close();
  }

  /**
   * After a signaling reconnect: an offer that may have been lost is sent again, and ICE starts over on every link,
   * since the network may have changed.
   */
  restartIce(): void {
    for (const link of this.links.values()) {
      link.resendPendingOffer();
      link.restartIce();
    }
  }

  async replaceTrack(track: MediaStreamTrack, stream: MediaStream): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.replaceTrack(track, stream)));
  }

  async setScreen(stream: MediaStream | null): Promise<void> {
    const track = stream?.getVideoTracks()[0] ?? null;
    await Promise.all([...this.links.values()].map((link) => link.setScreenTrack(track, stream)));
  }

  audioLevels(): Record<string, number> {
    const levels: Record<string, number> = {};
    for (const [peerId, link] of this.links) levels[peerId] = link.audioLevel();
    return levels;
  }

  async statsReports(): Promise<Map<string, RTCStatsReport>> {
    const entries = await Promise.all(
      [...this.links].map(async ([peerId, link]) => [peerId, await link.getStats()] as const),
    );
    return new Map(entries);
  }

  closeAll(): void {
    for (const peerId of [...this.links.keys()]) this.remove(peerId);
  }

  private restart(peerId: string, description: RTCSessionDescriptionInit): void {
    this.remove(peerId);
    this.options.onMedia(peerId, null, null);
    const fresh = this.ensure(peerId);
    // A fresh link can take the offer; an answer was for the old connection, and the fresh one offers anew.
    if (description.type === 'offer') void fresh.handleSignal({ description: { type: 'offer', sdp: description.sdp } });
  }
}
