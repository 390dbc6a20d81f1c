import { useEffect, useRef, useState } from 'react';
import styles from './DeviceCheck.module.css';

/** A live level bar fed by `level()` (0…1), read a dozen times a second. */
export function LevelMeter({
  level,
  label,
  describedBy,
}: {
  level: () => number;
  label: string;
  describedBy?: string;
}) {
  const [value, setValue] = useState(0);
  const read = useRef(level);
  read.current = level;
  useEffect(() => {
    let frame = 0;
    let last = 0;
    const tick = (now: number) => {
      if (now - last > 80) {
        last = now;
        setValue(Math.round(read.current() * 100));
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a live level bar; <meter> cannot be styled alike across browsers.
    <div
      className={styles.meter}
      role="meter"
      aria-label={label}
      aria-describedby={describedBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className={styles.meterFill} style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
