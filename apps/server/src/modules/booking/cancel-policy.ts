import type { TCancelPolicy } from '@therapy/contract';
import { freeCancelUntil, isFreeCancellation } from '@therapy/contract/rules';
import type { TSlotRow } from '../../db/schema/index.ts';
import { formatDateTime } from '../../lib/time.ts';

const STATUS_MESSAGE: Record<TSlotRow['status'], string> = {
  held: '',
  booked: '',
  completed: 'Сессия состоялась',
  cancelled: 'Сессия отменена без списания',
  late_cancelled: 'Сессия отменена и списана',
  missed: 'Сессия пропущена',
  rescheduled: 'Сессия перенесена на другое время',
  expired: 'Время удержания истекло',
};

/**
 * What the client may do with a session now and what cancelling costs, shown before they
 * confirm: free until 24 h before the start, later the session is spent.
 */
export function cancelPolicyOf(
  slot: Pick<TSlotRow, 'status' | 'startsAt'>,
  tz: string,
  now = new Date(),
): TCancelPolicy {
  const freeUntil = freeCancelUntil(slot.startsAt);
  const live = slot.status === 'held' || slot.status === 'booked';
  const started = now.getTime() >= slot.startsAt.getTime();
  const inTime = isFreeCancellation(slot.startsAt, now);
  const label = formatDateTime(freeUntil, tz);
  const base = {
    free_until: freeUntil.toISOString(),
    free_until_label: label,
    can_cancel: live && !started,
    can_reschedule: slot.status === 'booked' && inTime,
  };
  if (!live) return { ...base, free: false, message: STATUS_MESSAGE[slot.status] };
  if (started) return { ...base, free: false, message: 'Сессия уже началась' };
  if (inTime) return { ...base, free: true, message: `Бесплатная отмена до ${label}` };
  if (slot.status === 'held') {
    // Releasing a hold costs nothing, but once booked this session can no longer be cancelled free.
    return { ...base, free: true, message: 'До начала меньше 24 часов: после записи отмена будет платной' };
  }
  return { ...base, free: false, message: 'Сессия будет списана' };
}
