import { ensureTrigramExtension, type Migration } from '@cropvest/service-kit/db';

/**
 * The admin's user lists (issue 12): why and when a user was banned, kept with the ban and cleared by an unban;
 * trigram indexes for searching names and emails anywhere in the text; and indexes for each list order within a
 * role, the filter every user screen starts from (Manage Investors lists investors only).
 */
export const adminUserList: Migration = {
  name: '009_admin_user_list',
  up: async (knex) => {
    await knex.schema.alterTable('users', (t) => {
      t.text('ban_reason');
      t.timestamp('banned_at', { useTz: true });
    });
    // Accounts banned before this migration keep their ban; when it began is not known.
    await ensureTrigramExtension(knex);
    const trigram = 'public.gin_trgm_ops';
    await knex.raw(`CREATE INDEX users_name_trgm ON users USING gin (name ${trigram})`);
    await knex.raw(`CREATE INDEX users_email_trgm ON users USING gin (email ${trigram})`);
    await knex.raw(`CREATE INDEX users_role_created ON users (role, created_at DESC, id DESC)`);
    await knex.raw(`CREATE INDEX users_role_balance ON users (role, balance DESC, id DESC)`);
    await knex.raw(`CREATE INDEX users_role_name ON users (role, name, id)`);
    await knex.raw(`CREATE INDEX users_created ON users (created_at DESC, id DESC)`);
    await knex.raw(`CREATE INDEX users_banned ON users (created_at DESC, id DESC) WHERE is_banned`);
  },
};
