import { describe, expect, it, vi } from 'vitest';
import { createDeviceManager, groupDevices, validSelection } from './device-manager.ts';
import { fakeMediaDevices } from './testing/fakes.ts';

describe('device manager', () => {
  it('groups devices by kind, skipping ones without an id and duplicates', () => {
    const lists = groupDevices([
      { deviceId: 'cam-1', kind: 'videoinput', label: 'Камера' },
      { deviceId: '', kind: 'videoinput', label: '' },
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Микрофон' },
      { deviceId: 'mic-1', kind: 'audioinput', label: 'Микрофон' },
      { deviceId: 'spk-1', kind: 'audiooutput', label: 'Динамики' },
    ]);
    expect(lists).toEqual({
      cameras: [{ id: 'cam-1', label: 'Камера' }],
      microphones: [{ id: 'mic-1', label: 'Микрофон' }],
      speakers: [{ id: 'spk-1', label: 'Динамики' }],
    });
  });

  it('falls back to the default device when a remembered one is gone', () => {
    const lists = { cameras: [{ id: 'cam-1', label: '' }], microphones: [], speakers: [] };
    expect(validSelection({ camera: 'cam-1', microphone: 'mic-old', speaker: null }, lists)).toEqual({
      camera: 'cam-1',
      microphone: null,
      speaker: null,
    });
  });

  it('remembers the choice between visits', async () => {
    const storage = window.localStorage;
    const onChange = vi.fn();
    const first = createDeviceManager({
      mediaDevices: fakeMediaDevices() as unknown as MediaDevices,
      storage,
      onChange,
    });
    await first.refresh();
    first.select('camera', 'cam-2');
    const second = createDeviceManager({
      mediaDevices: fakeMediaDevices() as unknown as MediaDevices,
      storage,
      onChange,
    });
    const devices = await second.refresh();
    expect(devices.selected.camera).toBe('cam-2');
    expect(devices.cameras).toHaveLength(2);
  });

  it('routes sound to the chosen speaker where the browser can', async () => {
    const setSinkId = vi.fn(async () => {});
    const proto = HTMLMediaElement.prototype as unknown as { setSinkId?: unknown };
    proto.setSinkId = setSinkId;
    try {
      const manager = createDeviceManager({
        mediaDevices: fakeMediaDevices() as unknown as MediaDevices,
        storage: null,
        onChange: () => {},
      });
      await manager.refresh();
      manager.select('speaker', 'spk-1');
      const audio = document.createElement('audio');
      await manager.applySpeaker(audio);
      expect(setSinkId).toHaveBeenCalledWith('spk-1');
    } finally {
      delete proto.setSinkId;
    }
  });
});
