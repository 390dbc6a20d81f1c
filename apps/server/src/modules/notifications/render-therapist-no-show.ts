import { countRu, SESSIONS } from '../../lib/plural.ts';
import { formatDateTime } from '../../lib/time.ts';
import { mailBody } from './layout.ts';
import type { TSlotMailData } from './load-slot-mail.ts';
import type { TMail } from './mailer.ts';
import {
  calendarFor,
  clientSessionLine,
  clientSessionUrl,
  pageLine,
  type TMailLinks,
  therapistName,
  whenFor,
} from './slot-mail-parts.ts';

/** The client's session did not take place because the therapist did not come: it went back to the pass. */
export function renderTherapistNoShow(data: TSlotMailData, options: { sessionReturned: boolean } & TMailLinks): TMail {
  const { client, slot } = data;
  const passLine =
    options.sessionReturned && data.sessionsLeft !== null
      ? `Сессия вернулась в абонемент: в нём ${countRu(data.sessionsLeft, SESSIONS)}.`
      : 'Эта сессия не списана.';
  return {
    to: client.email,
    subject: `Сессия ${formatDateTime(slot.startsAt, client.tz)} не состоялась`,
    ...mailBody([
      `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
      `Психолог ${therapistName(data)} не ${data.therapist.female ? 'подключилась' : 'подключился'} к сессии ${whenFor(slot.startsAt, client)}. Приносим извинения.`,
      passLine,
      clientSessionLine(data, options),
      pageLine('Записаться на другое время', `/lk/therapists/${encodeURIComponent(data.therapistHashid)}`, options),
    ]),
    attachments: [
      calendarFor(data, { cancelled: true, sequence: data.sequence + 1, url: clientSessionUrl(data, options) }),
    ],
  };
}
