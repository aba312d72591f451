import { ensureTrigramExtension, type Migration } from '@cropvest/service-kit/db';

/**
 * The admin KYC list (docs/decisions/0061-admin-kyc-list.md): searched with ILIKE '%…%' in the submitted full
 * name, the ID number and the submitter's name and email (the `users` projection), which trigram GIN indexes
 * answer; filtered by status and sorted by submission date or full name through b-tree indexes ending in the
 * id (the tie-breaker of every order).
 */
export const adminList: Migration = {
  name: '002_admin_list',
  up: async (knex) => {
    await ensureTrigramExtension(knex);
    const trigram = 'public.gin_trgm_ops';
    await knex.raw(
      `CREATE INDEX kyc_documents_full_name_trgm ON kyc_documents USING gin ((first_name || ' ' || last_name) ${trigram})`,
    );
    await knex.raw(
      `CREATE INDEX kyc_documents_id_number_trgm ON kyc_documents USING gin (id_number ${trigram})`,
    );
    await knex.raw(`CREATE INDEX users_name_trgm ON users USING gin (name ${trigram})`);
    await knex.raw(`CREATE INDEX users_email_trgm ON users USING gin (email ${trigram})`);

    await knex.raw('DROP INDEX IF EXISTS kyc_documents_status_submitted_at_index');
    await knex.raw('CREATE INDEX kyc_documents_submitted ON kyc_documents (submitted_at, id)');
    await knex.raw('CREATE INDEX kyc_documents_status_submitted ON kyc_documents (status, submitted_at, id)');
    await knex.raw('CREATE INDEX kyc_documents_name ON kyc_documents (first_name, last_name, id)');
    await knex.raw(
      'CREATE INDEX kyc_documents_status_name ON kyc_documents (status, first_name, last_name, id)',
    );
  },
};
