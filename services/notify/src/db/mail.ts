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

/** Queues a mail in the caller's transaction; the mail relay sends it after commit. */
export async function enqueueMail(
  trx: Knex.Transaction,
  mail: { kind: string; userId: string | null; to: string; subject: string; body: string },
): Promise<string> {
  const id = randomUUID();
  await trx('mail_outbox').insert({
    id,
    kind: mail.kind,
    user_id: mail.userId,
    to_address: mail.to,
    subject: mail.subject,
    body: mail.body,
  });
  return id;
}
