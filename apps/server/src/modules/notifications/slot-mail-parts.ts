import { FREE_CANCEL_HOURS, freeCancelUntil, isFreeCancellation } from '@therapy/contract/rules';
import type { TUserRow } from '../../db/schema/index.ts';
import { countRu, MINUTES, SESSIONS } from '../../lib/plural.ts';
import { formatDateTime, zoneOrDefault } from '../../lib/time.ts';
import { calendarAttachment } from './calendar.ts';
import { fullName, THERAPY_TYPE_RU } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';

/** A time as the recipient reads it: '22.11.2026 в 14:30 (Europe/Moscow)'. */
export const whenFor = (at: Date, recipient: Pick<TUserRow, 'tz'>) =>
  `${formatDateTime(at, recipient.tz)} (${zoneOrDefault(recipient.tz)})`;

export const sessionLine = (data: TSlotMailData, recipient: Pick<TUserRow, 'tz'>) =>
  `Когда: ${whenFor(data.slot.startsAt, recipient)}, ${countRu(data.slot.durationMin, MINUTES)}. ${capitalize(THERAPY_TYPE_RU[data.slot.therapyType])}, видеосессия на платформе.`;

/**
 * The cancellation terms as of `now` (when the mail is written): a session booked or moved inside the free window
 * gets no deadline that has already passed.
 */
export const policyLine = (data: TSlotMailData, recipient: Pick<TUserRow, 'tz'>, now: Date = new Date()) =>
  isFreeCancellation(data.slot.startsAt, now)
    ? `Перенести или отменить сессию бесплатно можно до ${formatDateTime(freeCancelUntil(data.slot.startsAt), recipient.tz)}. Позже сессия будет списана.`
    : `До начала меньше ${FREE_CANCEL_HOURS} часов, поэтому бесплатно отменить или перенести эту сессию уже нельзя: при отмене она будет списана.`;

export const sessionsLeftLine = (data: TSlotMailData) =>
  data.sessionsLeft === null ? null : `В абонементе осталось: ${countRu(data.sessionsLeft, SESSIONS)}.`;

export const linkLine = (publicUrl: string | undefined) =>
  publicUrl ? `Личный кабинет: ${new URL('/', publicUrl).toString()}` : null;

/** The therapist's way into the call: the call page of this client (opens in the join window). */
export const callLinkLine = (data: TSlotMailData, publicUrl: string | undefined) =>
  publicUrl
    ? `Начать сессию: ${new URL(`/therapist/clients/${encodeURIComponent(data.clientHashid)}/call`, publicUrl).toString()}`
    : null;

export const therapistName = (data: TSlotMailData) => fullName(data.therapist);
export const clientName = (data: TSlotMailData) => fullName(data.client) || data.client.email;

export function calendarFor(data: TSlotMailData, options: { cancelled?: boolean; sequence?: number } = {}) {
  return calendarAttachment({
    uid: data.calendarUid,
    sequence: options.sequence ?? data.sequence,
    startsAt: data.slot.startsAt,
    durationMin: data.slot.durationMin,
    title: `Сессия: ${capitalize(THERAPY_TYPE_RU[data.slot.therapyType])}`,
    description: `Психолог: ${therapistName(data)}. Клиент: ${clientName(data)}.`,
    cancelled: options.cancelled ?? false,
  });
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
