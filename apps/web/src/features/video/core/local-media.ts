/**
 * Our camera and microphone. Turning one off keeps its track and only disables it (the other side gets black or
 * silence, nothing to renegotiate); a device that fails does not stop the other one from working.
 */
import type { TCallErrorKey, TDeviceSelection } from './types.ts';

export type TLocalMedia = {
  stream: MediaStream | null;
  camera: boolean;
  microphone: boolean;
  error: TCallErrorKey | null;
};

export function videoConstraints(deviceId: string | null): MediaTrackConstraints {
  return {
    width: { ideal: 1280 },
    height: { ideal: 720 },
    frameRate: { ideal: 30 },
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

export function audioConstraints(deviceId: string | null): MediaTrackConstraints {
  return {
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
  };
}

function errorName(error: unknown): string {
  return error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
    ? String((error as { name: unknown }).name)
    : '';
}

async function tryGet(mediaDevices: MediaDevices, constraints: MediaStreamConstraints) {
  try {
    return { stream: await mediaDevices.getUserMedia(constraints), denied: false };
  } catch (error) {
    return { stream: null, denied: errorName(error) === 'NotAllowedError' };
  }
}

/** One track of a kind from a chosen device; a device that went away falls back to the default one. */
export async function openTrack(
  mediaDevices: MediaDevices,
  kind: 'audio' | 'video',
  deviceId: string | null,
): Promise<MediaStreamTrack> {
  const constraintsFor = (id: string | null): MediaStreamConstraints =>
    kind === 'video' ? { video: videoConstraints(id) } : { audio: audioConstraints(id) };
  let stream: MediaStream;
  try {
    stream = await mediaDevices.getUserMedia(constraintsFor(deviceId));
  } catch (error) {
    if (deviceId === null || errorName(error) === 'NotAllowedError') throw error;
    stream = await mediaDevices.getUserMedia(constraintsFor(null));
  }
  const track = kind === 'video' ? stream.getVideoTracks()[0] : stream.getAudioTracks()[0];
  if (!track) throw new Error(`no ${kind} track`);
  return track;
}

/** Asks for camera and microphone together, else each alone, and says what worked. */
export async function openLocalMedia(
  mediaDevices: MediaDevices | null,
  selection: TDeviceSelection,
  MediaStreamImpl: typeof MediaStream,
): Promise<TLocalMedia> {
  if (!mediaDevices?.getUserMedia) return { stream: null, camera: false, microphone: false, error: 'mediaUnavailable' };
  const both = await tryGet(mediaDevices, {
    audio: audioConstraints(selection.microphone),
    video: videoConstraints(selection.camera),
  });
  if (both.stream) {
    return {
      stream: both.stream,
      camera: both.stream.getVideoTracks().length > 0,
      microphone: both.stream.getAudioTracks().length > 0,
      error: null,
    };
  }
  const audio = await tryGet(mediaDevices, { audio: audioConstraints(null) });
  const video = await tryGet(mediaDevices, { video: videoConstraints(null) });
  const tracks = [...(audio.stream?.getTracks() ?? []), ...(video.stream?.getTracks() ?? [])];
  if (tracks.length === 0) {
    return {
      stream: null,
      camera: false,
      microphone: false,
      error: both.denied || audio.denied || video.denied ? 'mediaDenied' : 'mediaUnavailable',
    };
  }
  return {
    stream: new MediaStreamImpl(tracks),
    camera: video.stream !== null,
    microphone: audio.stream !== null,
    error: null,
  };
}

/** Turns the camera ('video') or microphone ('audio') on or off without letting go of it. */
export function setKindEnabled(stream: MediaStream | null, kind: 'audio' | 'video', on: boolean): boolean {
  const tracks = kind === 'video' ? (stream?.getVideoTracks() ?? []) : (stream?.getAudioTracks() ?? []);
  for (const track of tracks) track.enabled = on;
  return tracks.length > 0 && on;
}

/** Puts a new track of its kind into our stream in place of the old one, which is stopped. */
export function swapTrack(stream: MediaStream, track: MediaStreamTrack): void {
  const old = track.kind === 'video' ? stream.getVideoTracks() : stream.getAudioTracks();
  for (const previous of old) {
    stream.removeTrack(previous);
    previous.stop();
  }
  stream.addTrack(track);
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
