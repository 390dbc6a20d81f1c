import { formatDateTime } from '../../lib/time.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import {
  calendarFor,
  callLinkLine,
  clientName,
  clientSessionLine,
  clientSessionUrl,
  policyLine,
  sessionLine,
  sessionsLeftLine,
  type TMailLinks,
  therapistCallUrl,
  therapistClientLine,
  therapistName,
} from './slot-mail-parts.ts';

/** The booking confirmation for the client and the notice for the therapist, each in their zone, with the .ics. */
export function renderBookingConfirmed(data: TSlotMailData, links: TMailLinks, now: Date = new Date()): TMail[] {
  const { client, therapist, slot } = data;
  return [
    {
      to: client.email,
      subject: `Вы записаны на сессию ${formatDateTime(slot.startsAt, client.tz)}`,
      ...mailBody([
        `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
        `Вы записаны на сессию с психологом ${therapistName(data)}.`,
        sessionLine(data, client),
        policyLine(data, client, now),
        sessionsLeftLine(data),
        'Мы напомним о сессии за 24 часа и за 1 час до начала. Файл для календаря — во вложении.',
        clientSessionLine(data, links),
      ]),
      attachments: [calendarFor(data, { url: clientSessionUrl(data, links) })],
    },
    {
      to: therapist.email,
      subject: `Новая запись: ${formatDateTime(slot.startsAt, therapist.tz)}`,
      ...mailBody([
        `Здравствуйте, ${therapist.firstName}!`,
        `К вам записался клиент: ${clientName(data)}.`,
        sessionLine(data, therapist),
        'Мы напомним о сессии за 24 часа и за 1 час до начала. Звонок откроется за 10 минут до начала.',
        callLinkLine(data, links),
        therapistClientLine(data, links),
      ]),
      attachments: [calendarFor(data, { url: therapistCallUrl(data, links) })],
    },
  ];
}
