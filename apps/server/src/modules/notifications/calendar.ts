import { createEvent } from 'ics';

export type TCalendarEvent = {
  /** Stable for one booking, through every move: calendars update the event instead of adding one. */
  uid: string;
  /** Grows with every change of the booking (a move, the cancellation). */
  sequence: number;
  startsAt: Date;
  durationMin: number;
  title: string;
  description: string;
  cancelled?: boolean;
};

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

/** An iCalendar file for one session, in UTC. */
export function sessionCalendar(event: TCalendarEvent): string {
  const { error, value } = createEvent({
    uid: event.uid,
    sequence: event.sequence,
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.durationMin },
    title: event.title,
    description: event.description,
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
