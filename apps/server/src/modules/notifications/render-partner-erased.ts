import { formatDateTime } from '../../lib/time.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import {
  clientName,
  clientSessionLine,
  type TMailLinks,
  therapistClientLine,
  therapistName,
  whenFor,
} from './slot-mail-parts.ts';

/**
 * The partner of a couple session deleted their account: the session stays (the client booked and
 * paid for it), and the partner no longer joins the call from their own account. The booking client
 * and the therapist are told, so neither waits in the call for someone who cannot come. The partner
 * is not named: their name is gone with the account.
 */
export function renderPartnerErased(data: TSlotMailData, links: TMailLinks): TMail[] {
  const { client, therapist, slot } = data;
  return [
    {
      to: client.email,
      subject: `Парная сессия ${formatDateTime(slot.startsAt, client.tz)}: аккаунт партнёра удалён`,
      ...mailBody([
        `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
        `Ваш партнёр удалил свой аккаунт, поэтому больше не подключится со своего аккаунта к парной сессии с психологом ${therapistName(data)} ${whenFor(slot.startsAt, client)}.`,
        'Сессия остаётся за вами: время и абонемент не изменились. Перенести или отменить её можно на странице сессии.',
        clientSessionLine(data, links),
      ]),
    },
    {
      to: therapist.email,
      subject: `Парная сессия ${formatDateTime(slot.startsAt, therapist.tz)}: партнёр клиента удалил аккаунт`,
      ...mailBody([
        `Здравствуйте, ${therapist.firstName}!`,
        `Партнёр клиента ${clientName(data)} удалил аккаунт. Сессия ${whenFor(slot.startsAt, therapist)} остаётся в расписании: её записал и оплатил клиент, а партнёр больше не подключится со своего аккаунта.`,
        'Записи о парных сессиях с этим партнёром (чат, ваши заметки и формы после сессий) удалены вместе с его аккаунтом; время сессий осталось в вашей статистике.',
        therapistClientLine(data, links),
      ]),
    },
  ];
}
