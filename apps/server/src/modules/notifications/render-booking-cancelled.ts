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
 * the client cancelled, the therapist is told too. The calendar event is cancelled. When the
 * client deleted their account, only the therapist is told (the client's address is gone).
 */
export function renderBookingCancelled(
  data: TSlotMailData,
  options: { sessionReturned: boolean; by: 'client' | 'therapist' | 'erased' } & TMailLinks,
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
  if (options.by === 'erased') return [erasedClientMail(data, options)];
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

/** To the therapist: the client deleted their account, so this session is off and the time is free. */
function erasedClientMail(data: TSlotMailData, options: TMailLinks): TMail {
  const { therapist, slot } = data;
  return {
    to: therapist.email,
    subject: `Сессия ${formatDateTime(slot.startsAt, therapist.tz)} отменена: клиент удалил аккаунт`,
    ...mailBody([
      `Здравствуйте, ${therapist.firstName}!`,
      `Клиент удалил аккаунт, поэтому сессия ${whenFor(slot.startsAt, therapist)} отменена. Это время снова свободно.`,
      'Его анкета и записи о сессиях с ним удалены вместе с аккаунтом; время прошедших сессий осталось в вашей статистике без имени.',
    ]),
    attachments: [
      calendarFor(data, { cancelled: true, sequence: data.sequence + 1, url: therapistClientUrl(data, options) }),
    ],
  };
}
