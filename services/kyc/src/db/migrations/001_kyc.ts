import { createUserDirectoryTable } from '@cropvest/service-kit/bus';
import { type Migration } from '@cropvest/service-kit/db';

export const kycSchema: Migration = {
  name: '001_kyc',
  up: async (knex) => {
    await knex.schema.createTable('kyc_documents', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.text('first_name').notNullable();
      t.text('last_name').notNullable();
      // ISO 'YYYY-MM-DD' as submitted (validated by the contract); text, so no time zone ever shifts it.
      t.text('date_of_birth').notNullable();
      t.text('nationality').notNullable();
      t.text('address').notNullable();
      t.text('city').notNullable();
      t.text('country').notNullable();
      t.text('postal_code').notNullable();
      t.text('phone_number').notNullable();
      t.text('id_type').notNullable();
      t.text('id_number').notNullable();
      // Object paths (/objects/kyc-documents/<user id>/<uuid>) in the private bucket.
      t.text('id_document_front_url').notNullable();
      t.text('id_document_back_url');
      t.text('selfie_url').notNullable();
      t.text('proof_of_address_url').notNullable();
      t.text('status').notNullable().defaultTo('pending');
      t.uuid('reviewed_by');
      t.timestamp('reviewed_at', { useTz: true });
      t.text('rejection_reason');
      t.text('notes');
      t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.index(['user_id', 'submitted_at']);
      t.index(['status', 'submitted_at']);
    });
    await knex.raw(`ALTER TABLE kyc_documents
      ADD CONSTRAINT kyc_documents_date_of_birth CHECK (date_of_birth ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      ADD CONSTRAINT kyc_documents_status_check CHECK (status IN ('pending', 'approved', 'rejected')),
      ADD CONSTRAINT kyc_documents_id_type_check CHECK (id_type IN ('passport', 'national_id', 'driver_license')),
      ADD CONSTRAINT kyc_documents_rejection_reason CHECK (status <> 'rejected' OR btrim(coalesce(rejection_reason, '')) <> ''),
      ADD CONSTRAINT kyc_documents_reviewed CHECK ((status = 'pending') = (reviewed_at IS NULL))`);
    // One open submission per user, and none once approved; a rejected user may submit again.
    await knex.raw(
      `CREATE UNIQUE INDEX kyc_documents_one_open ON kyc_documents (user_id) WHERE status IN ('pending', 'approved')`,
    );

    // Who submitted, for the admin list: a projection of identity's user events (never its tables).
    await createUserDirectoryTable(knex);
  },
};
