import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { maskEmail } from '../lib/log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the person has to open; printed only in development's local outbox mode (README). */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Print each mail's link (development only: a link holds a token that verifies or resets). */
  logLinks?: boolean;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      // The mails hold the same tokens: only the server's own user may read them.
      mkdirSync(opts.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(opts.outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const to = maskEmail(m.to);
      const link = opts.logLinks && m.link ? ` — ${m.link}` : '';
      opts.log.info({ mail: { to, subject: m.subject, file: path.basename(file) } }, `Mail to ${to}: ${m.subject}${link}`);
    },
    close: () => undefined,
  };
}
