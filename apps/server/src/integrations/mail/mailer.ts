import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { maskSecrets } from '../../lib/log-serializers';
import nodemailer, { type Transporter } from 'nodemailer';

export const DEFAULT_MAIL_FROM = '"SSD Store" <no-reply@ssdstore.example>';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short word for the outbox file name and the log ('signup', 'reset'). */
  purpose: string;
  /** Files sent with it (an order's invoice PDF). */
  attachments?: MailAttachment[];
  /** Our own Message-ID, the same on every attempt of one outbox mail, so a repeat is recognisably the same mail. */
  messageId?: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (SMTP accepted it, or the .eml file is written); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

export interface MailOptions {
  /** smtp(s)://user:pass@host:port: mails go out for real. */
  smtpUrl: string | null;
  from?: string;
  /** Without SMTP, each mail becomes an .eml file here (DATA_DIR/mail) for a demo user to open. */
  outboxDir: string;
}

interface Log {
  info(message: string): void;
}

/** What nodemailer is given for a message (the same for SMTP and for .eml files). */
function envelopeOf(from: string, message: MailMessage) {
  const { to, subject, text, html, attachments, messageId } = message;
  return { from, to, subject, text, html, ...(attachments ? { attachments } : {}), ...(messageId ? { messageId } : {}) };
}

/** nodemailer over SMTP when configured, otherwise an outbox folder of .eml files. */
export function createMailer(options: MailOptions, log: Log): Mailer {
  const from = options.from || DEFAULT_MAIL_FROM;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelopeOf(from, message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(envelopeOf(from, message));
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(options.outboxDir, `${stamp}-${message.purpose}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The outbox file names the recipient; the log line need not (emails are masked in logs).
      log.info(`mail to ${maskSecrets(message.to)} written to ${file}`);
    },
  };
}
