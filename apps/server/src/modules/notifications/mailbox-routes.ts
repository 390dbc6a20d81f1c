import { escapeHtml } from '@therapy/contract/rules';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../lib/errors.ts';
import { listStoredMail, readStoredEml, readStoredMail } from './mail-store.ts';
import { mailDirOf } from './mailer.ts';

// No inline scripts or styles: the page works under the app's CSP as it is.
const page = (title: string, body: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;

/**
 * GET /dev/mailbox: the mail the file mailer wrote (no SMTP_URL), newest first, and each
 * message with its text and the raw .eml. Registered by plugins/dev-only.ts: development only, loopback only.
 */
export async function mailboxRoutes(app: FastifyInstance) {
  const dir = mailDirOf(app.ctx.config);
  const html = 'text/html; charset=utf-8';

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listStoredMail(dir);
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.date.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.name}">${escapeHtml(m.subject)}</a></td>` +
          `<td>${m.attachments.map(escapeHtml).join(', ')}</td></tr>`,
      )
      .join('');
    const body = mails.length
      ? `<table><thead><tr><th>Время (UTC)</th><th>Кому</th><th>Тема</th><th>Вложения</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>Писем пока нет.</p>';
    return reply
      .header('cache-control', 'no-store')
      .type(html)
      .send(page('Почта разработки', `<h1>Почта разработки</h1><p>Каталог: ${escapeHtml(dir)}</p>${body}`));
  });

  app.get<{ Params: { name: string } }>('/dev/mailbox/:name', { schema: { hide: true } }, async (request, reply) => {
    const mail = await readStoredMail(dir, request.params.name);
    if (!mail) return reply.code(404).send(errorBody('not_found', 'Письмо не найдено'));
    const body =
      `<p><a href="/dev/mailbox">← Все письма</a></p><h1>${escapeHtml(mail.subject)}</h1>` +
      `<dl><dt>От</dt><dd>${escapeHtml(mail.from)}</dd><dt>Кому</dt><dd>${escapeHtml(mail.to)}</dd>` +
      `<dt>Отправлено</dt><dd>${escapeHtml(mail.date)}</dd>` +
      `<dt>Вложения</dt><dd>${mail.attachments.map(escapeHtml).join(', ') || '—'}</dd></dl>` +
      `<pre>${escapeHtml(mail.text)}</pre><p><a href="/dev/mailbox/${mail.name}/raw">Исходное письмо (.eml)</a></p>`;
    return reply.header('cache-control', 'no-store').type(html).send(page(mail.subject, body));
  });

  app.get<{ Params: { name: string } }>(
    '/dev/mailbox/:name/raw',
    { schema: { hide: true } },
    async (request, reply) => {
      const eml = await readStoredEml(dir, request.params.name);
      if (!eml) return reply.code(404).send(errorBody('not_found', 'Письмо не найдено'));
      return reply
        .header('content-disposition', `attachment; filename="${request.params.name}.eml"`)
        .type('message/rfc822')
        .send(eml);
    },
  );
}
