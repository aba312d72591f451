// Reads the .eml files the notify service writes in development and tests (no SMTP_URL).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stack } from '../../../test/support/api.ts';

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

export function mailsTo(address: string): Mail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(path.join(dir, name)))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}
