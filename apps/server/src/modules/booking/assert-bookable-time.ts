import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { countRu, HOURS, MINUTES } from '../../lib/plural.ts';
import { computeFreeSlots } from '../schedule/compute-free-slots.ts';
import type { TTherapistWithUser } from '../schedule/find-therapist.ts';
import { earliestBookable } from '../schedule/get-free-slots.ts';
import { loadAvailability } from '../schedule/load-availability.ts';

function noticeText(minutes: number): string {
  return minutes % 60 === 0 ? countRu(minutes / 60, HOURS) : countRu(minutes, MINUTES);
}

/**
 * Refuses a start that is past, too soon, or not on the therapist's grid (their working
 * windows cut by session + buffer). Whether the time is free is not checked here: the
 * exclusion constraint decides that when the slot is written.
 */
export async function assertBookableTime(
  db: TExecutor,
  config: TConfig,
  found: TTherapistWithUser,
  startsAt: Date,
): Promise<void> {
  if (startsAt.getTime() <= Date.now()) {
    throw new AppError('slot_unavailable', 'Это время уже прошло', { starts_at: 'Это время уже прошло' });
  }
  if (startsAt.getTime() < earliestBookable(config).getTime()) {
    const message = `Записаться можно не позднее чем за ${noticeText(config.BOOKING_MIN_NOTICE_MINUTES)} до начала`;
    throw new AppError('slot_unavailable', message, { starts_at: message });
  }
  const input = await loadAvailability(db, found, {
    from: startsAt,
    to: new Date(startsAt.getTime() + 1),
    notBefore: startsAt,
    withBusy: false,
  });
  if (computeFreeSlots(input).length === 0) {
    const message = 'В это время психолог не принимает: выберите время из свободных';
    throw new AppError('slot_unavailable', message, { starts_at: message });
  }
}
