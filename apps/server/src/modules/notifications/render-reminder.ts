import { countRu, HOURS } from '../../lib/plural.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import { clientCallLine, clientSessionLine, sessionLine, type TMailLinks, therapistName } from './slot-mail-parts.ts';

/** The reminder 24 h or 1 h before a session, to the client, in the client's zone. */
export function renderReminder(data: TSlotMailData, before: '24h' | '1h', links: TMailLinks): TMail {
  const { client } = data;
  const hours = before === '24h' ? 24 : 1;
  return {
    to: client.email,
    subject: `Напоминание: сессия через ${countRu(hours, HOURS)}`,
    ...mailBody([
      `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
      `Через ${countRu(hours, HOURS)} у вас сессия с психологом ${therapistName(data)}.`,
      sessionLine(data, client),
      before === '1h'
        ? 'Подключитесь за несколько минут до начала и проверьте камеру и микрофон: звонок откроется за 10 минут до начала.'
        : 'Бесплатно перенести или отменить эту сессию уже нельзя: до начала меньше 24 часов.',
      clientCallLine(links),
      clientSessionLine(data, links),
    ]),
  };
}
