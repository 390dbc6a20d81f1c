import { useId, useRef, useState } from 'react';
import { cx } from '../../../lib/cx.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { playTestTone } from '../core/audio-level.ts';
import type { TCallState } from '../core/types.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { useMediaElement } from '../hooks/use-media-element.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './DeviceCheck.module.css';
import { DeviceSelects } from './DeviceSelects.tsx';
import { CameraIcon, SpeakerIcon } from './Icons.tsx';
import { LevelMeter } from './LevelMeter.tsx';

/**
 * The device check (проверка оборудования) before joining: camera preview, microphone level, a test tone through
 * the chosen speaker, the device lists. «Всё работает» and «Есть проблемы» are its outcome (the video data's
 * device-detection flag); both lead into the call, the second after some advice.
 */
export function DeviceCheck({
  call,
  state,
  who,
  when,
}: {
  call: TVideoCall;
  state: TCallState;
  who: string;
  when: string;
}) {
  const t = useVideoT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const toneRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [problems, setProblems] = useState(false);
  const levelHintId = useId();
  const stream = state.localStream;
  useMediaElement(videoRef, stream, state.localMediaVersion);
  const hasVideo = state.camera && (stream?.getVideoTracks().length ?? 0) > 0;
  const preparing = stream === null && state.error === null;

  const testSound = async () => {
    setPlaying(true);
    try {
      if (toneRef.current) await call.applySpeaker(toneRef.current).catch(() => undefined);
      await playTestTone(window.AudioContext ?? null, toneRef.current);
    } finally {
      setPlaying(false);
    }
  };

  const join = (success: boolean) => {
    call.finishDeviceCheck(success);
    void call.join();
  };

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <header className={styles.header}>
          <h1>{t('deviceCheck.title')}</h1>
          <p className={styles.lead}>{who}</p>
          <p>{when}</p>
          <p className={styles.muted}>{t('deviceCheck.lead')}</p>
        </header>

        {state.error && <Alert tone="error">{t(`errors.${state.error.key}`)}</Alert>}

        <div className={styles.grid}>
          <figure className={styles.preview} aria-label={t('deviceCheck.preview')}>
            <video ref={videoRef} className={cx(styles.video, !hasVideo && styles.hidden)} autoPlay playsInline muted />
            {!hasVideo && (
              <div className={styles.previewEmpty}>
                <CameraIcon off size={40} />
                <span>{preparing ? t('deviceCheck.preparing') : t('deviceCheck.noCamera')}</span>
              </div>
            )}
          </figure>

          <div className={styles.controls}>
            <DeviceSelects call={call} devices={state.devices} />
            <div className={styles.row}>
              <p className={styles.label}>{t('deviceCheck.level')}</p>
              {state.microphone ? (
                <>
                  <LevelMeter level={call.localLevel} label={t('deviceCheck.level')} describedBy={levelHintId} />
                  <p id={levelHintId} className={styles.muted}>
                    {t('deviceCheck.levelHint')}
                  </p>
                </>
              ) : (
                <p className={styles.muted}>{t('deviceCheck.noMicrophone')}</p>
              )}
            </div>
            <div className={styles.row}>
              <Button variant="secondary" size="small" onClick={() => void testSound()} disabled={playing}>
                <SpeakerIcon />
                {playing ? t('deviceCheck.testSoundPlaying') : t('deviceCheck.testSound')}
              </Button>
              <p className={styles.muted}>{t('deviceCheck.speakerHint')}</p>
              {/* biome-ignore lint/a11y/useMediaCaption: a test tone, no speech. */}
              <audio ref={toneRef} hidden />
            </div>
          </div>
        </div>

        {problems ? (
          <div className={styles.problems}>
            <Alert tone="warning" live={false}>
              <p className={styles.label}>{t('deviceCheck.problemsTitle')}</p>
              <ul className={styles.tips}>
                <li>{t('deviceCheck.tipPermissions')}</li>
                <li>{t('deviceCheck.tipOtherApp')}</li>
                <li>{t('deviceCheck.tipDevices')}</li>
                <li>{t('deviceCheck.tipReload')}</li>
              </ul>
            </Alert>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  setProblems(false);
                  call.clearError();
                  void call.startDeviceCheck();
                }}
              >
                {t('deviceCheck.retry')}
              </Button>
              <Button onClick={() => join(false)}>{t('deviceCheck.joinAnyway')}</Button>
            </div>
          </div>
        ) : (
          <div className={styles.outcome}>
            <p>{t('deviceCheck.question')}</p>
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => {
                  call.finishDeviceCheck(false);
                  setProblems(true);
                }}
              >
                {t('deviceCheck.problems')}
              </Button>
              <Button onClick={() => join(true)} disabled={preparing}>
                {t('deviceCheck.works')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
