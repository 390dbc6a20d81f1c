import { useEffect, useRef } from 'react';
import { cx } from '../../../lib/cx.ts';
import type { TPeerView } from '../core/types.ts';
import type { TVideoCall } from '../core/video-call.ts';
import { useMediaElement } from '../hooks/use-media-element.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallScreen.module.css';
import { MicIcon } from './Icons.tsx';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toLocaleUpperCase('ru'))
    .join('');
}

/**
 * One remote participant: their camera with sound (through the chosen speaker), their name, a crossed microphone
 * when muted, initials when the camera is off, and a ring while they speak.
 */
export function PeerTile({
  call,
  peer,
  speaking,
  compact = false,
  speakerId,
}: {
  call: TVideoCall;
  peer: TPeerView;
  speaking: boolean;
  compact?: boolean;
  speakerId: string | null;
}) {
  const t = useVideoT();
  const ref = useRef<HTMLVideoElement>(null);
  useMediaElement(ref, peer.stream, peer.mediaVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new speaker choice must reach this element.
  useEffect(() => {
    if (ref.current) void call.applySpeaker(ref.current).catch(() => undefined);
  }, [call, speakerId]);
  const showVideo = peer.video && peer.stream !== null && !peer.away;
  return (
    <figure
      className={cx(styles.tile, compact && styles.compact, speaking && styles.speaking)}
      data-peer={peer.peerId}
      data-speaking={speaking || undefined}
      aria-label={peer.name}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption track. */}
      <video ref={ref} className={cx(styles.video, !showVideo && styles.hidden)} autoPlay playsInline />
      {!showVideo && (
        <div className={styles.placeholder} aria-hidden="true">
          <span className={styles.initials}>{initials(peer.name)}</span>
        </div>
      )}
      {peer.away && <p className={styles.tileNotice}>{t('call.away', { name: peer.name })}</p>}
      <figcaption className={styles.caption}>
        {!peer.audio && (
          <span className={styles.mutedIcon} title={t('call.micOff')}>
            <MicIcon off size={16} />
            <span className="visually-hidden">{t('call.micOff')}</span>
          </span>
        )}
        <span className={styles.name}>{peer.name}</span>
        {!peer.video && <span className="visually-hidden">{t('call.camOff')}</span>}
        {speaking && <span className="visually-hidden">{t('call.speaking')}</span>}
      </figcaption>
    </figure>
  );
}

/** A screen share: a video of its own, without sound, shown whole (contain). */
export function ScreenTile({ stream, name, version }: { stream: MediaStream; name: string; version: number }) {
  const t = useVideoT();
  const ref = useRef<HTMLVideoElement>(null);
  useMediaElement(ref, stream, version);
  const label = t('call.screenOf', { name });
  return (
    <figure className={cx(styles.tile, styles.screen)} aria-label={label} data-screen-share="">
      <video ref={ref} className={styles.screenVideo} autoPlay playsInline muted />
      <figcaption className={styles.caption}>
        <span className={styles.name}>{label}</span>
      </figcaption>
    </figure>
  );
}
