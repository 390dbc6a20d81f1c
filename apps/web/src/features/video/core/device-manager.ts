/**
 * Cameras, microphones and speakers: the lists (kept fresh on `devicechange`), the choice (remembered between
 * visits), and the speaker applied to a media element with `setSinkId` where the browser supports it.
 */
import type { TDevice, TDeviceKind, TDeviceSelection, TDevices } from './types.ts';

const STORAGE_KEY = 'video.devices';

type TDeviceInfo = Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>;

type TSinkElement = HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> };

/** Groups `enumerateDevices()` by what we choose; entries without an id (no permission yet) are skipped. */
export function groupDevices(infos: readonly TDeviceInfo[]): Pick<TDevices, 'cameras' | 'microphones' | 'speakers'> {
  const pick = (kind: MediaDeviceKind): TDevice[] => {
    const seen = new Set<string>();
    const list: TDevice[] = [];
    for (const info of infos) {
      if (info.kind !== kind || info.deviceId === '' || seen.has(info.deviceId)) continue;
      seen.add(info.deviceId);
      list.push({ id: info.deviceId, label: info.label });
    }
    return list;
  };
  return { cameras: pick('videoinput'), microphones: pick('audioinput'), speakers: pick('audiooutput') };
}

/** A remembered choice that is no longer plugged in falls back to the browser's default (null). */
export function validSelection(selection: TDeviceSelection, lists: ReturnType<typeof groupDevices>): TDeviceSelection {
  const keep = (id: string | null, list: readonly TDevice[]) =>
    id !== null && list.some((device) => device.id === id) ? id : null;
  return {
    camera: keep(selection.camera, lists.cameras),
    microphone: keep(selection.microphone, lists.microphones),
    speaker: keep(selection.speaker, lists.speakers),
  };
}

function readStored(storage: Storage | null): TDeviceSelection {
  const empty: TDeviceSelection = { camera: null, microphone: null, speaker: null };
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return empty;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return empty;
    const value = (key: TDeviceKind) => {
      const item = (parsed as Record<string, unknown>)[key];
      return typeof item === 'string' ? item : null;
    };
    return { camera: value('camera'), microphone: value('microphone'), speaker: value('speaker') };
  } catch {
    return empty;
  }
}

export function canSetSinkId(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

export type TDeviceManager = {
  refresh: () => Promise<TDevices>;
  current: () => TDevices;
  select: (kind: TDeviceKind, id: string | null) => TDevices;
  /** Plays this element through the chosen speaker (a no-op where the browser cannot choose). */
  applySpeaker: (element: HTMLMediaElement) => Promise<void>;
  dispose: () => void;
};

export function createDeviceManager(options: {
  mediaDevices: MediaDevices | null;
  storage: Storage | null;
  onChange: (devices: TDevices) => void;
}): TDeviceManager {
  const { mediaDevices, storage } = options;
  let devices: TDevices = {
    cameras: [],
    microphones: [],
    speakers: [],
    selected: readStored(storage),
    canChooseSpeaker: canSetSinkId(),
  };

  const publish = (next: TDevices): TDevices => {
    devices = next;
    options.onChange(devices);
    return devices;
  };

  const refresh = async (): Promise<TDevices> => {
    if (!mediaDevices?.enumerateDevices) return devices;
    const lists = groupDevices(await mediaDevices.enumerateDevices());
    return publish({ ...devices, ...lists, selected: validSelection(readStored(storage), lists) });
  };

  const onDeviceChange = () => void refresh().catch(() => undefined);
  mediaDevices?.addEventListener?.('devicechange', onDeviceChange);

  return {
    refresh,
    current: () => devices,
    select: (kind, id) => {
      const selected = { ...devices.selected, [kind]: id };
      try {
        storage?.setItem(STORAGE_KEY, JSON.stringify(selected));
      } catch {
        // Storage may be unavailable; the choice lasts for this page.
      }
      return publish({ ...devices, selected });
    },
    applySpeaker: async (element) => {
      const sink = element as TSinkElement;
      const id = devices.selected.speaker;
      if (!devices.canChooseSpeaker || !sink.setSinkId) return;
      await sink.setSinkId(id ?? '');
    },
    dispose: () => mediaDevices?.removeEventListener?.('devicechange', onDeviceChange),
  };
}
