import type { Migration } from '@cropvest/service-kit/db';

/**
 * The admin reports (docs/decisions/0064-admin-reports.md) read ranges of time, not users: money in and out
 * by transfer kind and day, requests by creation day with their status and amount, and review waits by
 * review time. Each index carries the columns its report sums, so the reports are index-only scans.
 */
export const reportIndexes: Migration = {
  name: '003_reports',
  up: async (knex) => {
    await knex.raw('CREATE INDEX transfers_kind_created ON transfers (kind, created_at) INCLUDE (amount)');
    for (const table of ['deposits', 'withdrawals']) {
      await knex.raw(
        `CREATE INDEX ${table}_created_report ON ${table} (created_at) INCLUDE (status, amount)`,
      );
      await knex.raw(
        `CREATE INDEX ${table}_reviewed_report ON ${table} (reviewed_at) INCLUDE (created_at) WHERE reviewed_at IS NOT NULL`,
      );
    }
  },
};
