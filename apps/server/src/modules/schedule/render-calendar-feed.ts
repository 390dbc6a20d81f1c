import { createRequire } from 'node:module';
import type * as Ics from 'ics';
import type { EventAttributes } from 'ics';
import type { TLanguage } from '../../lib/i18n/language.ts';
import { translate } from '../../lib/i18n/translate.ts';

/** ics (with yup, some 30 modules) loads with the first calendar file, not with every start of the server. */
let icsModule: typeof Ics | undefined;
const ics = (): typeof Ics => {
  icsModule ??= createRequire(import.meta.url)('ics') as typeof Ics;
  return icsModule;
};

export type TFeedSession = {
  /** Stable through moves: the hashid of the first slot of a reschedule chain, as in the booking e-mails. */
  uid: string;
  /** How many times the session was moved: calendars take the higher sequence as the newer event. */
  sequence: number;
  startsAt: Date;
  durationMin: number;
  /** Empty when the client gave no name: the event says «Клиент» in the feed's language. */
  clientName: string;
  couple: boolean;
  callUrl: string;
};

const utcParts = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

/** The event's description, whole per kind of therapy so that the English catalogue can match it. */
const DESCRIPTION = {
  single: 'Индивидуальная сессия. Войти в звонок: {}',
  couple: 'Парная сессия. Войти в звонок: {}',
} as const;

/**
 * The feed as one VCALENDAR, its texts in the therapist's language; times in UTC (…Z), so every
 * calendar app shows them in its own zone without a VTIMEZONE. An empty feed is still a valid calendar.
 */
export function renderCalendarFeed(sessions: readonly TFeedSession[], language: TLanguage = 'ru'): string {
  const t = (text: string) => translate(text, language);
  const events: EventAttributes[] = sessions.map((s) => ({
    uid: s.uid,
    sequence: s.sequence,
    start: utcParts(s.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: s.durationMin },
    // The name and address go in after the translation: the catalogue never rewrites a person's name.
    title: t('Сессия: {}').replace('{}', () => s.clientName || t('Клиент')),
    description: t(DESCRIPTION[s.couple ? 'couple' : 'single']).replace('{}', () => s.callUrl),
    url: s.callUrl,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  }));
  const { error, value } = ics().createEvents(events, {
    productId: 'therapy-platform/calendar-feed',
    method: 'PUBLISH',
    calName: t('Сессии с клиентами'),
  });
  if (error || value == null) throw error ?? new Error('calendar feed not created');
  return value;
}
