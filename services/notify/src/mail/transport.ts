// Where mail goes: SMTP when SMTP_URL is set; otherwise (development and tests) each mail is written as an
// .eml file under MAIL_DIR so it can be opened and read.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** When the mail was queued: fixed for the mail, so sending it again names the same file. */
  createdAt: Date;
}

export interface MailTransport {
  describe: string;
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

export function createMailTransport(options: {
  smtpUrl?: string;
  mailDir: string;
  from: string;
}): MailTransport {
  if (options.smtpUrl) {
    // Pooled: the relay hands over a batch of mails at once, which share a few open connections instead of each
    // opening its own.
    const smtp = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 5 });
    return {
      describe: `smtp ${new URL(options.smtpUrl).host}`,
      send: async (mail) =>
        void (await smtp.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: `<${mail.id}@cropvest>`,
        })),
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `files in ${options.mailDir}`,
    send: async (mail) => {
      const info = await files.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${mail.id}@cropvest>`,
      });
      await mkdir(options.mailDir, { recursive: true });
      // Named by the mail's queue time and id, not the time of sending: a mail sent again after a crash
      // (the relay had written it but not yet recorded it as sent) replaces its own file instead of adding one.
      const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-');
      // Written under a temporary name and renamed, so a reader of the folder never sees half a mail.
      const file = path.join(options.mailDir, `${stamp}-${mail.id}.eml`);
      await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
    },
    close: () => files.close(),
  };
}
