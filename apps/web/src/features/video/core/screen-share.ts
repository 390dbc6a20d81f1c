/**
 * Screen share: the browser's picker (`getDisplayMedia`), and a callback when the person stops sharing from the
 * browser's own «Закрыть доступ» bar, so the call can stop it cleanly on its side too.
 */
export async function captureScreen(mediaDevices: MediaDevices | null, onEnded: () => void): Promise<MediaStream> {
  if (!mediaDevices?.getDisplayMedia) throw new Error('getDisplayMedia is not supported');
  const stream = await mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 15 } }, audio: false });
  const track = stream.getVideoTracks()[0];
  if (!track) throw new Error('no screen track');
  // Text and slides: sharpness over motion.
  if ('contentHint' in track) track.contentHint = 'detail';
  track.addEventListener('ended', onEnded, { once: true });
  return stream;
}
