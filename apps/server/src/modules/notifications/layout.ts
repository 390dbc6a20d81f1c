import { escapeHtml } from '@therapy/contract/rules';

/** A mail as plain text and simple HTML from the same paragraphs (null ones are left out). */
export function mailBody(paragraphs: readonly (string | null | undefined)[]): { text: string; html: string } {
  const kept = paragraphs.filter((p): p is string => typeof p === 'string' && p.length > 0);
  const text = `${kept.join('\n\n')}\n\n— Команда «Терапия онлайн»\n`;
  const html = `<!doctype html><html lang="ru"><body>${kept
    .map((p) => `<p>${linkify(escapeHtml(p)).replaceAll('\n', '<br>')}</p>`)
    .join('')}<p>— Команда «Терапия онлайн»</p></body></html>`;
  return { text, html };
}

/** Addresses in an escaped paragraph become links (an address ends at a space, and never takes a final full stop). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

export const THERAPY_TYPE_RU = { single: 'индивидуальная терапия', couple: 'парная терапия' } as const;
