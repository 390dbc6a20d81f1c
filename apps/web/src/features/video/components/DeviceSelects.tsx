import { SelectField } from '../../../ui/Field.tsx';
import type { TDevice, TDeviceKind, TDevices } from '../core/types.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { type TVideoT, useVideoT } from '../i18n/use-video-t.ts';

const UNNAMED = {
  camera: 'deviceCheck.unnamedCamera',
  microphone: 'deviceCheck.unnamedMicrophone',
  speaker: 'deviceCheck.unnamedSpeaker',
} as const;

function optionsOf(kind: TDeviceKind, list: readonly TDevice[], t: TVideoT) {
  return [
    { value: '', label: t('deviceCheck.defaultDevice') },
    ...list.map((device, index) => ({
      value: device.id,
      label: device.label || t(UNNAMED[kind], { number: index + 1 }),
    })),
  ];
}

/** Camera, microphone and speaker choice: on the device check and in the call's settings. */
export function DeviceSelects({ call, devices }: { call: TVideoCall; devices: TDevices }) {
  const t = useVideoT();
  const choose = (kind: TDeviceKind) => (event: { target: { value: string } }) =>
    void call.selectDevice(kind, event.target.value || null);
  return (
    <>
      <SelectField
        label={t('deviceCheck.camera')}
        options={optionsOf('camera', devices.cameras, t)}
        value={devices.selected.camera ?? ''}
        onChange={choose('camera')}
      />
      <SelectField
        label={t('deviceCheck.microphone')}
        options={optionsOf('microphone', devices.microphones, t)}
        value={devices.selected.microphone ?? ''}
        onChange={choose('microphone')}
      />
      <SelectField
        label={t('deviceCheck.speaker')}
        options={optionsOf('speaker', devices.speakers, t)}
        value={devices.selected.speaker ?? ''}
        disabled={!devices.canChooseSpeaker}
        hint={devices.canChooseSpeaker ? undefined : t('deviceCheck.speakerDefaultOnly')}
        onChange={choose('speaker')}
      />
    </>
  );
}
