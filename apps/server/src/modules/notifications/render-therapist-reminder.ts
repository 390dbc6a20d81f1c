import { countRu, HOURS } from '../../lib/plural.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import { callLinkLine, clientName, sessionLine, type TMailLinks, therapistClientLine } from './slot-mail-parts.ts';

/** The therapist's reminder 24 h or 1 h before a session, in the therapist's zone, with the call link. */
export function renderTherapistReminder(data: TSlotMailData, before: '24h' | '1h', links: TMailLinks): TMail {
  const { therapist } = data;
  const hours = before === '24h' ? 24 : 1;
  return {
    to: therapist.email,
    subject: `Напоминание: сессия с клиентом через ${countRu(hours, HOURS)}`,
    ...mailBody([
      `Здравствуйте, ${therapist.firstName}!`,
      `Через ${countRu(hours, HOURS)} у вас сессия с клиентом ${clientName(data)}.`,
      sessionLine(data, therapist),
      callLinkLine(data, links),
      therapistClientLine(data, links),
    ]),
  };
}
