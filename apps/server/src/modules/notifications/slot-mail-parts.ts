import { FREE_CANCEL_HOURS, freeCancelUntil, isFreeCancellation, timeZoneLabel } from '@therapy/contract/rules';
import type { TUserRow } from '../../db/schema/index.ts';
import { personName } from '../../lib/person-name.ts';
import { countRu, MINUTES, SESSIONS } from '../../lib/plural.ts';
import { formatDateTime, zoneOrDefault } from '../../lib/time.ts';
import { calendarAttachment } from './calendar.ts';
import { fullName, THERAPY_TYPE_RU } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';

/** A time as the recipient reads it, with their zone as people name it: '22.11.2026 в 14:30 (Москва, UTC+3)'. */
export const whenFor = (at: Date, recipient: Pick<TUserRow, 'tz'> & Partial<Pick<TUserRow, 'language'>>) =>
  // The zone's name is the one word the mail's translation (layout.ts) cannot know: written in the reader's language.
  `${formatDateTime(at, recipient.tz)} (${timeZoneLabel(zoneOrDefault(recipient.tz), recipient.language === 'en' ? 'en' : 'ru', at)})`;

export const sessionLine = (
  data: TSlotMailData,
  recipient: Pick<TUserRow, 'tz'> & Partial<Pick<TUserRow, 'language'>>,
) =>
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

/** Where mail links lead: the platform's public address (PUBLIC_URL, else where the server listens). */
export type TMailLinks = { publicUrl: string };

/** An absolute address of a page: the public address (with any path it has) and the page's path. */
const urlOf = (path: string, links: TMailLinks) => `${links.publicUrl.replace(/\/+$/, '')}${path}`;

/** The client's page of this session: its time, status, «Подключиться», rescheduling and cancelling. */
export const clientSessionUrl = (data: TSlotMailData, links: TMailLinks) =>
  urlOf(`/lk/sessions/${encodeURIComponent(data.slotHashid)}`, links);

/** The client's call: the current or next session, with the device check (opens before the start). */
export const clientCallUrl = (links: TMailLinks) => urlOf('/lk/call', links);

/** The therapist's page of this client, with the session among the upcoming and past ones. */
export const therapistClientUrl = (data: TSlotMailData, links: TMailLinks) =>
  urlOf(`/therapist/clients/${encodeURIComponent(data.clientHashid)}`, links);

/** The therapist's way into the call: the call page of this client (opens in the join window). */
export const therapistCallUrl = (data: TSlotMailData, links: TMailLinks) =>
  urlOf(`/therapist/clients/${encodeURIComponent(data.clientHashid)}/call`, links);

export const clientSessionLine = (data: TSlotMailData, links: TMailLinks) =>
  `Сессия в личном кабинете: ${clientSessionUrl(data, links)}`;

export const clientCallLine = (links: TMailLinks) => `Подключиться к сессии: ${clientCallUrl(links)}`;

export const therapistClientLine = (data: TSlotMailData, links: TMailLinks) =>
  `Карточка клиента: ${therapistClientUrl(data, links)}`;

export const callLinkLine = (data: TSlotMailData, links: TMailLinks) =>
  `Начать сессию: ${therapistCallUrl(data, links)}`;

/** A link to a page of the cabinet that is not about one session (the passes, after a payment). */
export const pageLine = (label: string, path: string, links: TMailLinks) => `${label}: ${urlOf(path, links)}`;

export const therapistName = (data: TSlotMailData) => fullName(data.therapist);
export const clientName = (data: TSlotMailData) => personName(data.client);

/**
 * The session's calendar event for one recipient: `url` is their way to the session (the client's session page, the
 * therapist's call), and a booked event reminds 15 minutes before the start. A cancellation carries the same UID, one
 * sequence up, with METHOD:CANCEL.
 */
export function calendarFor(data: TSlotMailData, options: { url: string; cancelled?: boolean; sequence?: number }) {
  return calendarAttachment({
    uid: data.calendarUid,
    sequence: options.sequence ?? data.sequence,
    startsAt: data.slot.startsAt,
    durationMin: data.slot.durationMin,
    title: `Сессия: ${capitalize(THERAPY_TYPE_RU[data.slot.therapyType])}`,
    description: `Психолог: ${therapistName(data)}. Клиент: ${clientName(data)}. ${options.url}`,
    url: options.url,
    cancelled: options.cancelled ?? false,
  });
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
