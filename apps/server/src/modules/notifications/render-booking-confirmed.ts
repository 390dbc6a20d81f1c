import { formatDateTime } from '../../lib/time.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import {
  calendarFor,
  callLinkLine,
  clientName,
  linkLine,
  policyLine,
  sessionLine,
  sessionsLeftLine,
  therapistName,
} from './slot-mail-parts.ts';

/** The booking confirmation for the client and the notice for the therapist, each in their zone, with the .ics. */
export function renderBookingConfirmed(data: TSlotMailData, options: { publicUrl?: string; now?: Date } = {}): TMail[] {
  const { client, therapist, slot } = data;
  const calendar = calendarFor(data);
  return [
    {
      to: client.email,
      subject: `Вы записаны на сессию ${formatDateTime(slot.startsAt, client.tz)}`,
      ...mailBody([
        `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
        `Вы записаны на сессию с психологом ${therapistName(data)}.`,
        sessionLine(data, client),
        policyLine(data, client, options.now),
        sessionsLeftLine(data),
        'Мы напомним о сессии за 24 часа и за 1 час до начала. Файл для календаря — во вложении.',
        linkLine(options.publicUrl),
      ]),
      attachments: [calendar],
    },
    {
      to: therapist.email,
      subject: `Новая запись: ${formatDateTime(slot.startsAt, therapist.tz)}`,
      ...mailBody([
        `Здравствуйте, ${therapist.firstName}!`,
        `К вам записался клиент: ${clientName(data)}.`,
        sessionLine(data, therapist),
        'Мы напомним о сессии за 24 часа и за 1 час до начала. Звонок откроется за 10 минут до начала.',
        callLinkLine(data, options.publicUrl),
      ]),
      attachments: [calendar],
    },
  ];
}
