import { randomUUID } from 'node:crypto';
import type { Knex } from '@cropvest/service-kit';

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
}

/** Queues the mails in the caller's transaction (one statement); the relay sends them after commit. */
export async function enqueueMails(trx: Knex.Transaction, mails: QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await trx('mail_outbox').insert(
    mails.map((mail) => ({
      id: randomUUID(),
      kind: mail.kind,
      user_id: mail.userId,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
    })),
  );
}

export const enqueueMail = (trx: Knex.Transaction, mail: QueuedMail): Promise<void> =>
  enqueueMails(trx, [mail]);
