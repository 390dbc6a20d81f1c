import { createRequire } from 'node:module';
import type * as Ics from 'ics';

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

/** An iCalendar file for one session, in UTC, with its URL and, while it stands, a reminder (VALARM). */
export function sessionCalendar(event: TCalendarEvent): string {
  const { error, value } = ics().createEvent({
    uid: event.uid,
    sequence: event.sequence,
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.durationMin },
    title: event.title,
    description: event.description,
    url: event.url,
    // A cancellation removes the event: nothing to remind of.
    ...(event.cancelled
      ? {}
      : {
          alarms: [
            {
              action: 'display' as const,
              description: `${event.title}: через ${CALENDAR_ALARM_MINUTES} минут`,
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

export const calendarAttachment = (event: TCalendarEvent) => ({
  filename: 'session.ics',
  content: sessionCalendar(event),
  contentType: `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
});
