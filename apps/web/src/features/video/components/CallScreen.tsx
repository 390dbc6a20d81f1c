import type { TRole, TVideoData } from '@therapy/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { cx } from '../../../lib/cx.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/Button.tsx';
import { useDynamicModal } from '../../../ui/DynamicModal.tsx';
import { minutesLeft } from '../core/join-window.ts';
import { supportsScreenShare } from '../core/media-env.ts';
import { LOCAL_SPEAKER, type TCallState, type TPeerView } from '../core/types.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { useCallState } from '../hooks/use-video-call.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallScreen.module.css';
import { ChatPanel } from './ChatPanel.tsx';
import { ControlButton } from './ControlBar.tsx';
import { DeviceSelects } from './DeviceSelects.tsx';
import {
  CameraIcon,
  ChatIcon,
  EndIcon,
  FullscreenIcon,
  LeaveIcon,
  MicIcon,
  ScreenIcon,
  SettingsIcon,
} from './Icons.tsx';
import { SelfView } from './SelfView.tsx';
import { PeerTile, ScreenTile } from './VideoTile.tsx';

function SettingsContent({ call }: { call: TVideoCall }) {
  const state = useCallState(call);
  return (
    <div className={styles.settings}>
      <DeviceSelects call={call} devices={state.devices} />
    </div>
  );
}

const CONNECTION_TROUBLE: readonly RTCPeerConnectionState[] = ['disconnected', 'failed'];

/** Who the call is with, from the room (peers) or, before they come, from the video data. */
export function otherNames(videoData: TVideoData, peers: readonly TPeerView[] = []): string {
  if (peers.length > 0) return peers.map((peer) => peer.name).join(', ');
  return videoData.participants
    .filter((participant) => participant.uid !== videoData.uid)
    .map((participant) => participant.name)
    .join(', ');
}

/**
 * The video call screen (spec §2): the other side's video with their name, camera and microphone state and a
 * speaking ring; a screen share as its own large video; своё видео pinned to a corner; the time left and a
 * reconnecting notice on top; the controls at the bottom (microphone, camera, screen share, chat, settings,
 * fullscreen, leave behind a confirmation, and for the therapist «Завершить сессию» for everyone).
 */
export function CallScreen({
  call,
  state,
  videoData,
  forRole: role,
  timeZone,
}: {
  call: TVideoCall;
  state: TCallState;
  videoData: TVideoData;
  forRole: TRole;
  timeZone: string;
}) {
  const t = useVideoT();
  const modal = useDynamicModal();
  const rootRef = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(rootRef);
  const now = useNow(10_000);
  const chatId = useId();
  const [chatOpen, setChatOpen] = useState(false);
  const [seenFromOthers, setSeenFromOthers] = useState(0);
  const [endError, setEndError] = useState(false);
  const [canShareScreen] = useState(supportsScreenShare);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // From the device check straight into the call: focus starts at the top of the call, not lost on the page.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const peers = useMemo(() => Object.values(state.peers), [state.peers]);
  const screens = peers.filter((peer) => peer.screenStream !== null);
  const names = otherNames(videoData, peers);
  const fromOthers = state.chat.filter((message) => message.from_uid !== videoData.uid).length;
  const unread = chatOpen ? 0 : Math.max(0, fromOthers - seenFromOthers);
  const endsAt = state.endsAt ?? videoData.ends_at;
  const left = minutesLeft(endsAt, now);
  const reconnecting =
    state.phase === 'reconnecting' || peers.some((peer) => CONNECTION_TROUBLE.includes(peer.connection));
  const speaking = new Set(state.activeSpeakers);

  useEffect(() => {
    if (chatOpen) setSeenFromOthers(fromOthers);
  }, [chatOpen, fromOthers]);

  const confirmLeave = () =>
    modal.open({
      title: t('call.leaveTitle'),
      content: <p>{t('call.leaveText')}</p>,
      footer: (close) => (
        <>
          <Button variant="secondary" onClick={close}>
            {t('call.stay')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              close();
              call.leave();
            }}
          >
            {t('call.leaveConfirm')}
          </Button>
        </>
      ),
    });

  const confirmEnd = () =>
    modal.open({
      title: t('call.endTitle'),
      content: <p>{t('call.endText')}</p>,
      footer: (close) => (
        <>
          <Button variant="secondary" onClick={close}>
            {t('call.stay')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              close();
              setEndError(!call.endForAll());
            }}
          >
            {t('call.endConfirm')}
          </Button>
        </>
      ),
    });

  const openSettings = () => modal.open({ title: t('call.settingsTitle'), content: <SettingsContent call={call} /> });

  const status =
    state.phase === 'joining'
      ? t('call.joining')
      : peers.length === 0
        ? names
          ? t('call.waitingFor', { name: names })
          : t('call.waitingSomeone')
        : null;

  return (
    <div ref={rootRef} className={cx(styles.call, chatOpen && styles.withChat)} data-phase={state.phase}>
      <header className={styles.topbar}>
        <div className={styles.who}>
          <h1 ref={headingRef} tabIndex={-1} className={styles.whoName}>
            {names || t('title')}
          </h1>
          {peers.map((peer) => (
            <span key={peer.peerId} className={styles.peerState}>
              {peers.length > 1 && <span className={styles.peerStateName}>{peer.name}</span>}
              <span
                className={cx(styles.stateIcon, !peer.audio && styles.stateOff)}
                role="img"
                aria-label={`${peer.name}: ${peer.audio ? t('call.micOn') : t('call.micOff')}`}
                data-mic={peer.audio ? 'on' : 'off'}
              >
                <MicIcon off={!peer.audio} size={18} />
              </span>
              <span
                className={cx(styles.stateIcon, !peer.video && styles.stateOff)}
                role="img"
                aria-label={`${peer.name}: ${peer.video ? t('call.camOn') : t('call.camOff')}`}
                data-camera={peer.video ? 'on' : 'off'}
              >
                <CameraIcon off={!peer.video} size={18} />
              </span>
              {speaking.has(peer.peerId) && <span className={styles.speakingDot}>{t('call.speaking')}</span>}
            </span>
          ))}
        </div>
        <div className={styles.topRight}>
          {reconnecting && (
            <p className={styles.reconnecting} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              {t('call.reconnecting')}
            </p>
          )}
          <p className={styles.timeLeft}>{left > 0 ? t('call.timeLeft', { count: left }) : t('call.timeUp')}</p>
        </div>
      </header>

      <main className={styles.stage}>
        {state.screenShare.active && (
          <div className={styles.sharing} role="status">
            <ScreenIcon />
            <span>{t('call.sharing')}</span>
            <Button size="small" variant="secondary" onClick={() => void call.stopScreenShare()}>
              {t('call.stopShare')}
            </Button>
          </div>
        )}
        {endError && (
          <p className={styles.stageError} role="alert">
            {t('call.endFailed')}
          </p>
        )}
        {state.error && state.error.key !== 'mediaDenied' && state.error.key !== 'mediaUnavailable' && (
          <p className={styles.stageError} role="alert">
            {t(`errors.${state.error.key}`)}{' '}
            <button type="button" className={styles.inlineButton} onClick={call.clearError}>
              {t('errors.dismiss')}
            </button>
          </p>
        )}
        {status && (
          <div className={styles.waiting}>
            <span className={styles.waitingPulse} aria-hidden="true" />
            <p role="status">{status}</p>
          </div>
        )}
        {screens.length > 0 ? (
          <div className={styles.withScreen}>
            {screens.map((peer) =>
              peer.screenStream ? (
                <ScreenTile key={peer.peerId} stream={peer.screenStream} name={peer.name} version={peer.mediaVersion} />
              ) : null,
            )}
            <div className={styles.filmstrip}>
              {peers.map((peer) => (
                <PeerTile
                  key={peer.peerId}
                  call={call}
                  peer={peer}
                  compact
                  speaking={speaking.has(peer.peerId)}
                  speakerId={state.devices.selected.speaker}
                />
              ))}
            </div>
          </div>
        ) : (
          peers.length > 0 && (
            <div className={cx(styles.grid, peers.length > 1 && styles.gridMany)}>
              {peers.map((peer) => (
                <PeerTile
                  key={peer.peerId}
                  call={call}
                  peer={peer}
                  speaking={speaking.has(peer.peerId)}
                  speakerId={state.devices.selected.speaker}
                />
              ))}
            </div>
          )
        )}
        <SelfView state={state} speaking={speaking.has(LOCAL_SPEAKER)} />
      </main>

      {chatOpen && (
        <div id={chatId} className={styles.chatSlot}>
          <ChatPanel
            messages={state.chat}
            selfUid={videoData.uid}
            timeZone={timeZone}
            canSend={state.phase === 'in_call'}
            onSend={call.sendChat}
            onClose={() => setChatOpen(false)}
          />
        </div>
      )}

      <nav className={styles.controls} aria-label={t('call.controls')}>
        <ControlButton
          label={state.microphone ? t('call.turnMicOff') : t('call.turnMicOn')}
          icon={<MicIcon off={!state.microphone} />}
          off={!state.microphone}
          onClick={call.toggleMicrophone}
        />
        <ControlButton
          label={state.camera ? t('call.turnCamOff') : t('call.turnCamOn')}
          icon={<CameraIcon off={!state.camera} />}
          off={!state.camera}
          onClick={call.toggleCamera}
        />
        {canShareScreen && (
          <ControlButton
            label={state.screenShare.active ? t('call.stopShare') : t('call.shareScreen')}
            icon={<ScreenIcon />}
            active={state.screenShare.active}
            disabled={state.phase !== 'in_call' && !state.screenShare.active}
            onClick={() => void (state.screenShare.active ? call.stopScreenShare() : call.startScreenShare())}
          />
        )}
        <ControlButton
          label={t('call.chat')}
          icon={<ChatIcon />}
          active={chatOpen}
          badge={unread}
          badgeLabel={t('call.unread', { count: unread })}
          controls={chatOpen ? chatId : undefined}
          expanded={chatOpen}
          onClick={() => setChatOpen((open) => !open)}
        />
        <ControlButton label={t('call.settings')} icon={<SettingsIcon />} onClick={openSettings} />
        {fullscreen.supported && (
          <ControlButton
            label={fullscreen.active ? t('call.exitFullscreen') : t('call.fullscreen')}
            icon={<FullscreenIcon exit={fullscreen.active} />}
            active={fullscreen.active}
            onClick={fullscreen.toggle}
          />
        )}
        <ControlButton label={t('call.leave')} icon={<LeaveIcon />} danger onClick={confirmLeave} />
        {role === 'therapist' && <ControlButton label={t('call.end')} icon={<EndIcon />} danger onClick={confirmEnd} />}
      </nav>
    </div>
  );
}
