import type { Migration } from '@cropvest/service-kit/db';

/**
 * Each account's anti-phishing code as identity announced it (docs/decisions/0098): the line every mail to the
 * account starts with. A row only while a code is set.
 */
export const antiPhishingCodes: Migration = {
  name: '004_anti_phishing_codes',
  up: async (knex) => {
    await knex.schema.createTable('anti_phishing_codes', (t) => {
      t.uuid('user_id').primary();
      t.text('code').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
};
