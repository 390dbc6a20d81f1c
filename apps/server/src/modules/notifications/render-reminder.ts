import { countRu, HOURS } from '../../lib/plural.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import { linkLine, sessionLine, therapistName } from './slot-mail-parts.ts';

/** The reminder 24 h or 1 h before a session, to the client, in the client's zone. */
export function renderReminder(data: TSlotMailData, before: '24h' | '1h', options: { publicUrl?: string } = {}): TMail {
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
        ? 'Подключитесь из личного кабинета за несколько минут до начала и проверьте камеру и микрофон.'
        : 'Бесплатно перенести или отменить эту сессию уже нельзя: до начала меньше 24 часов.',
      linkLine(options.publicUrl),
    ]),
  };
}
