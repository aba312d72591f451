// Reads the .eml files the notify service writes in development and tests (no SMTP_URL).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, stack } from './api.ts';

/** Where the stack's notify service writes mail (STACK_FILE of the integration suites and the journeys). */
export const mailDir = (): string => path.join((stack() as unknown as { dataDir: string }).dataDir, 'mail');

export interface Mail {
  file: string;
  to: string;
  subject: string;
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(file: string): Mail {
  const raw = readFileSync(file, 'utf8');
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  let body = raw.slice(split + 2);
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  let subject = header('Subject');
  const encoded = /^=\?utf-8\?Q\?(.*)\?=$/i.exec(subject);
  if (encoded) subject = decodeQuotedPrintable((encoded[1] ?? '').replace(/_/g, ' '));
  return { file, to: header('To'), subject, body };
}

/**
 * Mails already read, by file: the suites poll a folder that fills with every suite's mail, and a file is only
 * ever replaced by the same mail (the transport writes each under a temporary name and renames it).
 */
const parsed = new Map<string, Mail>();
function parsedMail(file: string): Mail {
  let mail = parsed.get(file);
  if (!mail) parsed.set(file, (mail = parseMail(file)));
  return mail;
}

export function mailsTo(address: string): Mail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parsedMail(path.join(dir, name)))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** The newest mail to `address` whose subject matches, once there are `count` of them (mail is sent after commit). */
export const waitForMail = (address: string, subject: RegExp, count = 1): Promise<Mail> =>
  eventually(
    async () => {
      const found = mailsTo(address).filter((mail) => subject.test(mail.subject));
      return found.length >= count ? found[found.length - 1] : undefined;
    },
    // Mails travel outbox → bus → notify → the mail relay: a loaded machine takes seconds.
    30_000,
    `mail "${subject.source}" to ${address}`,
  );

/** The single-use token of a link to `page` (confirm-email, reset-password) in a mail's body. */
export function linkToken(mail: Mail, page: string): string {
  const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_%.-]+)`).exec(mail.body)?.[1];
  if (!token) throw new Error(`no ${page} link in: ${mail.body}`);
  return decodeURIComponent(token);
}
