import { ensureTrigramExtension, type Migration } from '@cropvest/service-kit/db';

/**
 * The admin's notification history and recipient picker (docs/decisions/0063-admin-support-notifications.md):
 * sends searched with ILIKE '%…%' in the title and message, users in the name and email, which trigram GIN
 * indexes answer; sends filtered by type and sorted by date or title through b-tree indexes ending in the id
 * (the tie-breaker of every order); a send's read count read through the reads of its notifications.
 */
export const adminHistory: Migration = {
  name: '002_admin_history',
  up: async (knex) => {
    await ensureTrigramExtension(knex);
    const trigram = 'public.gin_trgm_ops';
    await knex.raw(`CREATE INDEX admin_sends_title_trgm ON admin_sends USING gin (title ${trigram})`);
    await knex.raw(`CREATE INDEX admin_sends_message_trgm ON admin_sends USING gin (message ${trigram})`);
    await knex.raw(`CREATE INDEX users_name_trgm ON users USING gin (name ${trigram})`);
    await knex.raw(`CREATE INDEX users_email_trgm ON users USING gin (email ${trigram})`);
    await knex.raw('CREATE INDEX users_name_order ON users (name, id)');

    await knex.raw('DROP INDEX IF EXISTS admin_sends_created_at_index');
    await knex.raw('CREATE INDEX admin_sends_created ON admin_sends (created_at, id)');
    await knex.raw('CREATE INDEX admin_sends_type_created ON admin_sends (type, created_at, id)');
    await knex.raw('CREATE INDEX admin_sends_title ON admin_sends (title, id)');
    await knex.raw('CREATE INDEX admin_sends_type_title ON admin_sends (type, title, id)');

    // The primary key starts with the reader; counting one notification's readers needs its own index.
    await knex.raw('CREATE INDEX notification_reads_notification ON notification_reads (notification_id)');
  },
};
