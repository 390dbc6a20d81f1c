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
  type TMailLinks,
  therapistCallUrl,
  therapistClientLine,
  therapistName,
  whenFor,
} from './slot-mail-parts.ts';

/** A moved session: the old and the new time in each recipient's zone, and the same calendar event moved. */
export function renderBookingRescheduled(
  data: TSlotMailData,
  previousStartsAt: Date,
  links: TMailLinks,
  now: Date = new Date(),
): TMail[] {
  const { client, therapist, slot } = data;
  return [
    {
      to: client.email,
      subject: `Сессия перенесена на ${formatDateTime(slot.startsAt, client.tz)}`,
      ...mailBody([
        `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
        `Ваша сессия с психологом ${therapistName(data)} перенесена с ${whenFor(previousStartsAt, client)} на ${whenFor(slot.startsAt, client)}.`,
        sessionLine(data, client),
        policyLine(data, client, now),
        'Обновлённый файл для календаря — во вложении: он заменит прежнюю запись.',
        clientSessionLine(data, links),
      ]),
      attachments: [calendarFor(data, { url: clientSessionUrl(data, links) })],
    },
    {
      to: therapist.email,
      subject: `Сессия перенесена: ${formatDateTime(slot.startsAt, therapist.tz)}`,
      ...mailBody([
        `Здравствуйте, ${therapist.firstName}!`,
        `Клиент ${clientName(data)} перенёс сессию с ${whenFor(previousStartsAt, therapist)} на ${whenFor(slot.startsAt, therapist)}.`,
        callLinkLine(data, links),
        therapistClientLine(data, links),
      ]),
      attachments: [calendarFor(data, { url: therapistCallUrl(data, links) })],
    },
  ];
}
