import { type PointerEvent, useRef, useState } from 'react';
import { cx } from '../../../lib/cx.ts';
import type { TCallState } from '../core/types.ts';
import { useMediaElement } from '../hooks/use-media-element.ts';
import { useVideoT } from '../i18n/use-video-t.ts';
import styles from './CallScreen.module.css';
import { CameraIcon, MicIcon, MoveIcon } from './Icons.tsx';

export const CORNERS = ['bottom-right', 'bottom-left', 'top-left', 'top-right'] as const;
export type TCorner = (typeof CORNERS)[number];

const STORAGE_KEY = 'video.selfViewCorner';

function storedCorner(): TCorner {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return (CORNERS as readonly string[]).includes(value ?? '') ? (value as TCorner) : 'bottom-right';
  } catch {
    return 'bottom-right';
  }
}

/** The corner nearest to a point of the stage. */
export function nearestCorner(x: number, y: number, width: number, height: number): TCorner {
  const top = y < height / 2;
  const left = x < width / 2;
  return top ? (left ? 'top-left' : 'top-right') : left ? 'bottom-left' : 'bottom-right';
}

/**
 * Своё видео: a small mirrored picture of yourself pinned to a corner of the stage. The button moves it to the next
 * corner (keyboard), dragging drops it in the nearest one (pointer); the corner is remembered.
 */
export function SelfView({ state, speaking }: { state: TCallState; speaking: boolean }) {
  const t = useVideoT();
  const ref = useRef<HTMLVideoElement>(null);
  const [corner, setCorner] = useState<TCorner>(storedCorner);
  const [drag, setDrag] = useState<{ dx: number; dy: number } | null>(null);
  const start = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  useMediaElement(ref, state.localStream, state.localMediaVersion);

  const place = (next: TCorner) => {
    setCorner(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Remembered for this page only.
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = { x: event.clientX, y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const origin = start.current;
    if (!origin) return;
    const dx = event.clientX - origin.x;
    const dy = event.clientY - origin.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) origin.moved = true;
    if (origin.moved) setDrag({ dx, dy });
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const origin = start.current;
    start.current = null;
    setDrag(null);
    const stage = event.currentTarget.parentElement?.getBoundingClientRect();
    if (!origin?.moved || !stage) return;
    place(nearestCorner(event.clientX - stage.left, event.clientY - stage.top, stage.width, stage.height));
  };

  const hasVideo = state.camera && (state.localStream?.getVideoTracks().length ?? 0) > 0;
  return (
    <section
      className={cx(styles.self, styles[corner], speaking && styles.speaking, drag && styles.dragging)}
      style={drag ? { translate: `${drag.dx}px ${drag.dy}px` } : undefined}
      aria-label={t('call.selfView')}
      data-corner={corner}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setDrag(null);
      }}
    >
      <video
        ref={ref}
        className={cx(styles.video, styles.mirror, !hasVideo && styles.hidden)}
        autoPlay
        playsInline
        muted
      />
      {!hasVideo && (
        <div className={styles.placeholder} aria-hidden="true">
          <CameraIcon off />
        </div>
      )}
      <div className={styles.selfBar}>
        <span className={styles.name}>
          {!state.microphone && <MicIcon off size={14} />}
          {t('call.you')}
        </span>
        <button
          type="button"
          className={styles.moveButton}
          aria-label={t('call.moveSelfView')}
          title={t('call.moveSelfView')}
          onClick={() => place(CORNERS[(CORNERS.indexOf(corner) + 1) % CORNERS.length] ?? 'bottom-right')}
        >
          <MoveIcon />
        </button>
      </div>
    </section>
  );
}
