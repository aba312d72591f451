import { randomUUID } from 'node:crypto';
import type { Knex } from '@cropvest/service-kit/db';
import { withAntiPhishingCode } from '../domain/mails.ts';
import { antiPhishingCodes } from './anti-phishing.ts';

export interface MailRow {
  id: string;
  kind: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  body: string | null;
  attempts: number;
  created_at: Date;
}

export interface QueuedMail {
  kind: string;
  userId: string | null;
  to: string;
  subject: string;
  body: string;
  /**
   * An address not yet proven the owner's (the confirmation link of an email change): its mail never shows the
   * anti-phishing code, or whoever typed that address would learn it.
   */
  unprovenAddress?: true;
}

/**
 * Queues the mails in the caller's transaction (two statements: the addressees' anti-phishing codes, then the
 * mails, each carrying its addressee's code); the relay sends them after commit.
 */
export async function enqueueMails(trx: Knex.Transaction, mails: QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  const codes = await antiPhishingCodes(
    trx,
    mails.flatMap((mail) => (mail.userId && !mail.unprovenAddress ? [mail.userId] : [])),
  );
  await trx('mail_outbox').insert(
    mails.map((mail) => ({
      id: randomUUID(),
      kind: mail.kind,
      user_id: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      body: withAntiPhishingCode(
        mail.body,
        (mail.userId && !mail.unprovenAddress && codes.get(mail.userId)) || null,
      ),
    })),
  );
}

export const enqueueMail = (trx: Knex.Transaction, mail: QueuedMail): Promise<void> =>
  enqueueMails(trx, [mail]);
