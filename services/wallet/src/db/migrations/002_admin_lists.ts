import { ensureTrigramExtension, type Migration } from '@cropvest/service-kit/db';

/**
 * The admin desk's lists (docs/decisions/0060-four-eyes-approval.md): searched by name and email (the user_directory
 * projection), the deposit's transaction id and the withdrawal's address with ILIKE '%…%', which trigram GIN
 * indexes answer; filtered by status and sorted by date or amount through b-tree indexes that end in the id
 * (the tie-breaker of every order). And the four-eyes rule's first approval of a large withdrawal.
 */
export const adminLists: Migration = {
  name: '002_admin_lists',
  up: async (knex) => {
    await ensureTrigramExtension(knex);
    const trigram = 'public.gin_trgm_ops';
    await knex.raw(`CREATE INDEX user_directory_name_trgm ON user_directory USING gin (name ${trigram})`);
    await knex.raw(`CREATE INDEX user_directory_email_trgm ON user_directory USING gin (email ${trigram})`);
    await knex.raw(`CREATE INDEX deposits_txid_trgm ON deposits USING gin (txid ${trigram})`);
    await knex.raw(
      `CREATE INDEX withdrawals_address_trgm ON withdrawals USING gin (wallet_address ${trigram})`,
    );

    for (const table of ['deposits', 'withdrawals']) {
      await knex.raw(`DROP INDEX IF EXISTS ${table}_status_created_at_index`);
      await knex.raw(`CREATE INDEX ${table}_created ON ${table} (created_at, id)`);
      await knex.raw(`CREATE INDEX ${table}_status_created ON ${table} (status, created_at, id)`);
      await knex.raw(`CREATE INDEX ${table}_amount ON ${table} (amount, id)`);
      await knex.raw(`CREATE INDEX ${table}_status_amount ON ${table} (status, amount, id)`);
    }

    await knex.schema.alterTable('withdrawals', (t) => {
      t.uuid('first_approved_by');
      t.timestamp('first_approved_at', { useTz: true });
    });
    // The final approver of a two-step approval is never the first one.
    await knex.raw(`ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_four_eyes
      CHECK (first_approved_by IS NULL OR approved_by IS NULL OR approved_by <> first_approved_by)`);
  },
};
