import type { Migration } from '@cropvest/service-kit/db';

/**
 * The admin reports (docs/decisions/0064-admin-reports.md): money invested by activation time, principal and
 * interest leaving by harvest time, interest accrued by day. Each index carries the columns its report sums.
 */
export const reportIndexes: Migration = {
  name: '004_reports',
  up: async (knex) => {
    await knex.raw(
      'CREATE INDEX investments_activated_report ON investments (activated_at) INCLUDE (principal, completed_at, user_id) WHERE activated_at IS NOT NULL',
    );
    await knex.raw(
      'CREATE INDEX investments_completed_report ON investments (completed_at) INCLUDE (principal, interest_earned) WHERE completed_at IS NOT NULL',
    );
    await knex.raw('CREATE INDEX accruals_day_report ON accruals (day) INCLUDE (amount)');
  },
};
