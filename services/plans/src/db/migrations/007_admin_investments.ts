import type { Migration } from '@cropvest/service-kit/db';

/**
 * The paged admin list of investments (GET /api/admin/investments): newest first with the id as tie-breaker,
 * paid investments only, so its first page is read in order from this index instead of sorting them all.
 * One investor's list uses investments_user.
 */
export const adminInvestmentList: Migration = {
  name: '007_admin_investments',
  up: async (knex) => {
    await knex.raw(
      "CREATE INDEX investments_listed ON investments (created_at DESC, id DESC) WHERE status IN ('active', 'completed')",
    );
  },
};
