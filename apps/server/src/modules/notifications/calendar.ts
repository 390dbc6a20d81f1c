import { createRequire } from 'node:module';
import type * as Ics from 'ics';
import type { TLanguage } from '../../lib/i18n/language.ts';
import { translate } from '../../lib/i18n/translate.ts';

/** ics (with yup, some 30 modules) loads with the first calendar file, not with every start of the server. */
let icsModule: typeof Ics | undefined;
const ics = (): typeof Ics => {
  icsModule ??= createRequire(import.meta.url)('ics') as typeof Ics;
  return icsModule;
};

export type TCalendarEvent = {
  /** Stable for one booking, through every move: calendars update the event instead of adding one. */
  uid: string;
  /** Grows with every change of the booking (a move, the cancellation). */
  sequence: number;
  startsAt: Date;
  durationMin: number;
  title: string;
  description: string;
  /** The recipient's way to the session (their session page or the call), as the event's URL. */
  url: string;
  cancelled?: boolean;
};

/** A booked event reminds this long before the start (the call opens 10 minutes before it). */
export const CALENDAR_ALARM_MINUTES = 15;

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

/**
 * An iCalendar file for one session, in UTC, with its URL and, while it stands, a reminder (VALARM); its texts
 * (written in Russian) in the recipient's language.
 */
export function sessionCalendar(event: TCalendarEvent, language: TLanguage = 'ru'): string {
  const t = (text: string) => translate(text, language);
  const { error, value } = ics().createEvent({
    uid: event.uid,
    sequence: event.sequence,
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.durationMin },
    title: t(event.title),
    description: t(event.description),
    url: event.url,
    // A cancellation removes the event: nothing to remind of.
    ...(event.cancelled
      ? {}
      : {
          alarms: [
            {
              action: 'display' as const,
              description: t(`${event.title}: через ${CALENDAR_ALARM_MINUTES} минут`),
              trigger: { minutes: CALENDAR_ALARM_MINUTES, before: true },
            },
          ],
        }),
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    method: event.cancelled ? 'CANCEL' : 'PUBLISH',
    productId: 'therapy-platform/booking',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('calendar file not created');
  return value;
}

/** The .ics of a mail, with the event it was made from: the mail's localization (layout.ts) renders it again. */
export const calendarAttachment = (event: TCalendarEvent, language: TLanguage = 'ru') => ({
  filename: 'session.ics',
  content: sessionCalendar(event, language),
  contentType: `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
  calendar: event,
});
