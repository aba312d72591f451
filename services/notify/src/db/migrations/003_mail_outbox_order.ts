import type { Migration } from '@cropvest/service-kit/db';

/**
 * The mail relay takes the mail that has been due longest, in the order of this index. It used to order by
 * created_at, which the index on next_attempt_at could not give: each mail sent sorted every waiting one (a
 * harvest day queues 100,000, 80 ms a mail, about ten mails a second).
 */
export const mailOutboxOrder: Migration = {
  name: '003_mail_outbox_order',
  up: async (knex) => {
    await knex.raw('DROP INDEX mail_outbox_due');
    await knex.raw(
      'CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, created_at, id) WHERE sent_at IS NULL',
    );
  },
};
