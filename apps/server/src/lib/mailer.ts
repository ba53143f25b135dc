import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { randomCode } from './crypto.js';
import type { Logger } from './logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  /** sends `mail`; its line goes to `log` (a request's transaction's: `logOf`) or else the mailer's own */
  send(mail: Mail, log?: Pick<Logger, 'info'>): Promise<void>;
  close(): void;
}

/** Real SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in DATA_DIR/outbox plus a log line. */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail, log = opts.log) {
        await transport.sendMail({ from: opts.from, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, log = opts.log) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomCode(6)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
