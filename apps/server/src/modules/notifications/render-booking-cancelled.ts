import { countRu, SESSIONS } from '../../lib/plural.ts';
import { formatDateTime } from '../../lib/time.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import {
  calendarFor,
  clientName,
  clientSessionLine,
  clientSessionUrl,
  pageLine,
  type TMailLinks,
  therapistClientLine,
  therapistClientUrl,
  therapistName,
  whenFor,
} from './slot-mail-parts.ts';

/**
 * A cancelled session: the client learns whether the session went back to the pass; when
 * the client cancelled, the therapist is told too. The calendar event is cancelled.
 */
export function renderBookingCancelled(
  data: TSlotMailData,
  options: { sessionReturned: boolean; by: 'client' | 'therapist' } & TMailLinks,
): TMail[] {
  const { client, therapist, slot } = data;
  const cancelled = { cancelled: true, sequence: data.sequence + 1 };
  const passLine =
    data.sessionsLeft === null
      ? null
      : options.sessionReturned
        ? `Сессия вернулась в абонемент: в нём ${countRu(data.sessionsLeft, SESSIONS)}.`
        : 'До начала оставалось меньше 24 часов, поэтому сессия списана из абонемента.';
  const who =
    options.by === 'therapist'
      ? `Психолог ${therapistName(data)} ${therapist.female ? 'отменила' : 'отменил'} сессию ${whenFor(slot.startsAt, client)}.`
      : `Ваша сессия с психологом ${therapistName(data)} ${whenFor(slot.startsAt, client)} отменена.`;
  const mails: TMail[] = [
    {
      to: client.email,
      subject: `Сессия ${formatDateTime(slot.startsAt, client.tz)} отменена`,
      ...mailBody([
        `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
        who,
        passLine,
        clientSessionLine(data, options),
        pageLine('Записаться на другое время', `/lk/therapists/${encodeURIComponent(data.therapistHashid)}`, options),
      ]),
      attachments: [calendarFor(data, { ...cancelled, url: clientSessionUrl(data, options) })],
    },
  ];
  if (options.by === 'client') {
    mails.push({
      to: therapist.email,
      subject: `Клиент отменил сессию ${formatDateTime(slot.startsAt, therapist.tz)}`,
      ...mailBody([
        `Здравствуйте, ${therapist.firstName}!`,
        `Клиент ${clientName(data)} отменил сессию ${whenFor(slot.startsAt, therapist)}. Это время снова свободно.`,
        therapistClientLine(data, options),
      ]),
      attachments: [calendarFor(data, { ...cancelled, url: therapistClientUrl(data, options) })],
    });
  }
  return mails;
}
