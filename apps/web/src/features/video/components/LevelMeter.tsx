import { useEffect, useRef } from 'react';
import styles from './DeviceCheck.module.css';

/**
 * A live level bar fed by `level()` (0…1), read a dozen times a second. The bar and its value are set on the
 * elements themselves, not through React state: a dozen renders a second would keep the page's main thread busy.
 */
export function LevelMeter({
  level,
  label,
  describedBy,
}: {
  level: () => number;
  label: string;
  describedBy?: string;
}) {
  const meter = useRef<HTMLDivElement>(null);
  const fill = useRef<HTMLDivElement>(null);
  const read = useRef(level);
  read.current = level;
  useEffect(() => {
    let frame = 0;
    let last = 0;
    let shown = 0;
    const tick = (now: number) => {
      if (now - last > 80) {
        last = now;
        const value = Math.round(read.current() * 100);
        if (value !== shown) {
          shown = value;
          meter.current?.setAttribute('aria-valuenow', String(value));
          if (fill.current) fill.current.style.transform = `scaleX(${value / 100})`;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a live level bar; <meter> cannot be styled alike across browsers.
    <div
      ref={meter}
      className={styles.meter}
      role="meter"
      aria-label={label}
      aria-describedby={describedBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
    >
      <div ref={fill} className={styles.meterFill} style={{ transform: 'scaleX(0)' }} />
    </div>
  );
}
