/**
 * Which remote stream is the camera and which is a screen share. Each side sends its camera and microphone as one
 * stream, added first, and a screen share as a separate stream: so the first stream a peer sends (or any stream
 * with sound) is the camera, any other stream with video is the screen.
 */
export type TStreamRole = 'camera' | 'screen';

export function classifyRemoteStream(
  cameraStreamId: string | null,
  stream: { id: string; getAudioTracks: () => readonly unknown[] },
): TStreamRole {
  if (cameraStreamId === null || cameraStreamId === stream.id) return 'camera';
  return stream.getAudioTracks().length > 0 ? 'camera' : 'screen';
}
