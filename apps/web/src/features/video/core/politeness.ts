/**
 * Perfect negotiation needs one polite and one impolite side per pair, decided the same way on both ends without
 * talking: the side with the greater peer id is polite (it yields on glare), the other one impolite.
 */
export function isPolite(localPeerId: string, remotePeerId: string): boolean {
  return localPeerId > remotePeerId;
}

/**
 * The DTLS fingerprint of a session description. A new RTCPeerConnection has a new certificate, so a changed
 * fingerprint means the other side started over (a reload) and our connection to it must start over too.
 */
export function fingerprintOf(sdp: string | null | undefined): string | null {
  if (!sdp) return null;
  const match = /^a=fingerprint:(.+)$/m.exec(sdp);
  return match?.[1]?.trim() ?? null;
}
