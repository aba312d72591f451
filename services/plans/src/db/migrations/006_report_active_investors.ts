import type { Migration } from '@cropvest/service-kit/db';

/**
 * The reports' count of active investors (docs/decisions/0064-admin-reports.md): the distinct users of the
 * active investments, read in order from this index (an index-only scan with no hash or sort of the users).
 */
export const reportActiveInvestors: Migration = {
  name: '006_report_active_investors',
  up: async (knex) => {
    await knex.raw(
      "CREATE INDEX investments_active_user_report ON investments (user_id) WHERE status = 'active'",
    );
  },
};
