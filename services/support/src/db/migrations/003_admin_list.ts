import { ensureTrigramExtension, type Migration } from '@cropvest/service-kit/db';

/**
 * The admin ticket list (docs/decisions/0063-admin-support-notifications.md): searched with ILIKE '%…%' in the
 * subject and the opener's name and email (the `users` projection), which trigram GIN indexes answer; filtered
 * by status and sorted by creation or last change through b-tree indexes ending in the id (the tie-breaker of
 * every order).
 */
export const ticketAdminList: Migration = {
  name: '003_admin_list',
  up: async (knex) => {
    await ensureTrigramExtension(knex);
    const trigram = 'public.gin_trgm_ops';
    await knex.raw(
      `CREATE INDEX support_tickets_subject_trgm ON support_tickets USING gin (subject ${trigram})`,
    );
    await knex.raw(`CREATE INDEX users_name_trgm ON users USING gin (name ${trigram})`);
    await knex.raw(`CREATE INDEX users_email_trgm ON users USING gin (email ${trigram})`);

    await knex.raw('DROP INDEX IF EXISTS support_tickets_status_created_at_index');
    await knex.raw('DROP INDEX IF EXISTS support_tickets_created_at_index');
    await knex.raw('CREATE INDEX support_tickets_created ON support_tickets (created_at, id)');
    await knex.raw('CREATE INDEX support_tickets_status_created ON support_tickets (status, created_at, id)');
    await knex.raw('CREATE INDEX support_tickets_updated ON support_tickets (updated_at, id)');
    await knex.raw('CREATE INDEX support_tickets_status_updated ON support_tickets (status, updated_at, id)');
  },
};
