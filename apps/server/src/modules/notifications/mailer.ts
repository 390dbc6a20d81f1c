import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { TConfig } from '../../config.ts';
import type { TCalendarEvent } from './calendar.ts';

export type TMailAttachment = {
  filename: string;
  content: string;
  contentType: string;
  /** The event an .ics was made from, so that the recipient's language can render it again; never sent. */
  calendar?: TCalendarEvent;
};
export type TMail = { to: string; subject: string; text: string; html: string; attachments?: TMailAttachment[] };

/** What the development mailbox lists: written beside each .eml so the page need not parse MIME. */
export type TStoredMailMeta = {
  name: string;
  to: string;
  from: string;
  subject: string;
  date: string;
  text: string;
  attachments: string[];
};

export type TMailer = { send(mail: TMail): Promise<void> };

export const mailDirOf = (config: Pick<TConfig, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'mail');

type TNodemailer = typeof import('nodemailer')['default'];

/** nodemailer is loaded by the first mail, not at start (the server starts faster); one transport per mailer. */
function lazyTransport<T extends Transporter>(create: (nodemailer: TNodemailer) => T): () => Promise<T> {
  let transport: Promise<T> | undefined;
  return () => {
    transport ??= import('nodemailer').then((module) => create(module.default));
    return transport;
  };
}

/** Writes each message as a real .eml (what SMTP would carry) plus a small .json for the mailbox page. */
function fileMailer(from: string, dir: string): TMailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    async send(mail) {
      const info = await (await transport()).sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      const now = new Date();
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const meta: TStoredMailMeta = {
        name,
        to: mail.to,
        from,
        subject: mail.subject,
        date: now.toISOString(),
        text: mail.text,
        attachments: (mail.attachments ?? []).map((a) => a.filename),
      };
      await writeFile(path.join(dir, `${name}.eml`), info.message as Buffer);
      await writeFile(path.join(dir, `${name}.json`), JSON.stringify(meta, null, 2));
    },
  };
}

function smtpMailer(from: string, url: string): TMailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url));
  return {
    async send(mail) {
      await (await transport()).sendMail({ from, ...mail });
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise files under <DATA_DIR>/mail for the development mailbox. */
export function createMailer(config: Pick<TConfig, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>): TMailer {
  return config.SMTP_URL
    ? smtpMailer(config.MAIL_FROM, config.SMTP_URL)
    : fileMailer(config.MAIL_FROM, mailDirOf(config));
}
