/**
 * The call's phases as performance marks (`call:<phase>`, the first of each kind is what counts): page, video data,
 * camera, join, socket open, joined, offer, answer, ICE connected (what the bare call's `ice` marks), connected (ICE
 * and DTLS: media may flow), remote track. They cost nothing worth measuring, show in DevTools' performance panel,
 * and bench/call-setup.ts reads them to print where a call's set-up time goes.
 */
export type TCallPhase =
  | 'page'
  | 'video-data'
  | 'media'
  | 'join'
  | 'socket-open'
  | 'joined'
  | 'offer-sent'
  | 'offer-received'
  | 'answer-sent'
  | 'answer-received'
  | 'ice-connected'
  | 'connected'
  | 'remote-track';

export function markCallPhase(phase: TCallPhase): void {
  try {
    globalThis.performance?.mark?.(`call:${phase}`);
  } catch {
    // A browser without User Timing: nothing to record.
  }
}
