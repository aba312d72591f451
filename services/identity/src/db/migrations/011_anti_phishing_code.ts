import type { Migration } from '@cropvest/service-kit/db';

/**
 * The anti-phishing code (docs/decisions/0098-withdrawal-holds-and-anti-phishing-code.md): a phrase the owner
 * chose, put in every mail to the account so a mail without it is recognisably fake. Null when none is set.
 */
export const antiPhishingCode: Migration = {
  name: '011_anti_phishing_code',
  up: async (knex) => {
    await knex.schema.alterTable('users', (t) => {
      t.text('anti_phishing_code');
      t.timestamp('anti_phishing_code_set_at', { useTz: true });
    });
  },
};
