import { escapeHtml } from '@therapy/contract/rules';
import type { TLanguage } from '../../lib/i18n/language.ts';
import { translate } from '../../lib/i18n/translate.ts';
import { calendarAttachment } from './calendar.ts';
import type { TMail } from './mailer.ts';

const SIGNATURE = '— Команда «Терапия онлайн»';

/**
 * A mail as plain text and simple HTML from the same paragraphs (null ones are left out), signed; in
 * another language than Russian each paragraph is translated by the server's catalogue (`lib/i18n`).
 */
export function mailBody(
  paragraphs: readonly (string | null | undefined)[],
  language: TLanguage = 'ru',
): { text: string; html: string } {
  const kept = [...paragraphs.filter((p): p is string => typeof p === 'string' && p.length > 0), SIGNATURE].map((p) =>
    translate(p, language),
  );
  const text = `${kept.join('\n\n')}\n`;
  const html = `<!doctype html><html lang="${language}"><body>${kept
    .map((p) => `<p>${linkify(escapeHtml(p)).replaceAll('\n', '<br>')}</p>`)
    .join('')}</body></html>`;
  return { text, html };
}

/**
 * A rendered mail in its recipient's language: the subject and each paragraph of the text translated, the
 * HTML made again from them, the .ics attachment made again from its event. Russian mails go out as rendered.
 * Either way an attachment leaves without the event it carried here.
 */
export function localizeMail(mail: TMail, language: TLanguage): TMail {
  const attachments = mail.attachments?.map(({ calendar, ...file }) =>
    calendar && language !== 'ru' ? withoutEvent(calendarAttachment(calendar, language)) : file,
  );
  const sent = attachments ? { ...mail, attachments } : mail;
  if (language === 'ru') return sent;
  const paragraphs = mail.text.replace(/\n$/, '').split('\n\n');
  if (paragraphs.at(-1) === SIGNATURE) paragraphs.pop();
  return { ...sent, subject: translate(mail.subject, language), ...mailBody(paragraphs, language) };
}

const withoutEvent = ({ calendar: _, ...file }: ReturnType<typeof calendarAttachment>) => file;

/** Addresses in an escaped paragraph become links (an address ends at a space, and never takes a final full stop). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

export const THERAPY_TYPE_RU = { single: 'индивидуальная терапия', couple: 'парная терапия' } as const;
