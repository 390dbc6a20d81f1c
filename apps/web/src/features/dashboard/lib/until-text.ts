import type { TFunction } from 'i18next';
import { splitDuration } from '../../../i18n/format.ts';

const MINUTE_MS = 60_000;

/**
 * How long until a moment, in the two largest units with Russian plurals: '2 дня 3 часа', '3 часа 15 минут',
 * '15 минут', 'меньше минуты'.
 */
export function untilText(ms: number, t: TFunction): string {
  if (ms < MINUTE_MS) return t('time.lessThanMinute');
  // Rounded up to the minute: a countdown never shows less time than is left.
  const { days, hours, minutes } = splitDuration(Math.ceil(ms / MINUTE_MS) * MINUTE_MS);
  if (days > 0) {
    return hours > 0
      ? `${t('time.days', { count: days })} ${t('time.hours', { count: hours })}`
      : t('time.days', { count: days });
  }
  if (hours > 0) {
    return minutes > 0
      ? `${t('time.hours', { count: hours })} ${t('time.minutes', { count: minutes })}`
      : t('time.hours', { count: hours });
  }
  return minutes > 0 ? t('time.minutes', { count: minutes }) : t('time.lessThanMinute');
}
