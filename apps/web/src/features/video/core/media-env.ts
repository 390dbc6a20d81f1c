/**
 * The one gateway to the browser's media and network APIs (like Jitsi's lib-jitsi-meet folder): the call core
 * reaches WebSocket, RTCPeerConnection, getUserMedia and WebAudio only through this object, so tests hand it fakes.
 */
import type { TWebSocketConstructor } from './signaling-client.ts';

export type TMediaEnv = {
  WebSocket: TWebSocketConstructor;
  RTCPeerConnection: typeof RTCPeerConnection;
  MediaStream: typeof MediaStream;
  mediaDevices: MediaDevices | null;
  AudioContext: typeof AudioContext | null;
  /** Where a relative `signal_url` is resolved against. */
  baseUrl: string;
  storage: Storage | null;
  random: () => number;
  randomId: () => string;
  /** Calls back when the browser comes back online; returns the unsubscribe. */
  onOnline: (callback: () => void) => () => void;
};

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function browserMediaEnv(): TMediaEnv {
  return {
    WebSocket: window.WebSocket,
    RTCPeerConnection: window.RTCPeerConnection,
    MediaStream: window.MediaStream,
    mediaDevices: navigator.mediaDevices ?? null,
    AudioContext: window.AudioContext ?? null,
    baseUrl: window.location.href,
    storage: localStorageOrNull(),
    random: Math.random,
    randomId: () =>
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    onOnline: (callback) => {
      window.addEventListener('online', callback);
      return () => window.removeEventListener('online', callback);
    },
  };
}

/** Whether this browser can hold a call at all. */
export function supportsCalls(): boolean {
  return typeof window !== 'undefined' && 'RTCPeerConnection' in window && 'WebSocket' in window;
}

/** Whether this browser can share its screen (phones cannot). */
export function supportsScreenShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
}
