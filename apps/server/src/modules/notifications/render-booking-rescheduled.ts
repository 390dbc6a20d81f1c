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
  therapistName,
  whenFor,
} from './slot-mail-parts.ts';

/** A moved session: the old and the new time in each recipient's zone, and the same calendar event moved. */
export function renderBookingRescheduled(
  data: TSlotMailData,
  previousStartsAt: Date,
  options: { publicUrl?: string; now?: Date } = {},
): TMail[] {
  const { client, therapist, slot } = data;
  const calendar = calendarFor(data);
  return [
    {
      to: client.email,
      subject: `Сессия перенесена на ${formatDateTime(slot.startsAt, client.tz)}`,
      ...mailBody([
        `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
        `Ваша сессия с психологом ${therapistName(data)} перенесена с ${whenFor(previousStartsAt, client)} на ${whenFor(slot.startsAt, client)}.`,
        sessionLine(data, client),
        policyLine(data, client, options.now),
        'Обновлённый файл для календаря — во вложении: он заменит прежнюю запись.',
        linkLine(options.publicUrl),
      ]),
      attachments: [calendar],
    },
    {
      to: therapist.email,
      subject: `Сессия перенесена: ${formatDateTime(slot.startsAt, therapist.tz)}`,
      ...mailBody([
        `Здравствуйте, ${therapist.firstName}!`,
        `Клиент ${clientName(data)} перенёс сессию с ${whenFor(previousStartsAt, therapist)} на ${whenFor(slot.startsAt, therapist)}.`,
        callLinkLine(data, options.publicUrl),
      ]),
      attachments: [calendar],
    },
  ];
}
