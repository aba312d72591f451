import type { Migration } from '@cropvest/service-kit/db';

/** users.kyc_status follows the KYC service's events; these remember which submission and when. */
export const kycProjection: Migration = {
  name: '002_kyc_projection',
  up: async (knex) => {
    await knex.schema.alterTable('users', (t) => {
      t.uuid('kyc_record_id');
      t.timestamp('kyc_status_at', { useTz: true });
    });
  },
};
