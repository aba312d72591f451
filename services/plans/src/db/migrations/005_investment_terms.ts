import type { Migration } from '@cropvest/service-kit/db';

/**
 * An investment's interest terms are fixed when it is bought (issue 13 section 2): its own daily rate and whether
 * interest compounds (the Auto compound interest setting at that moment). A compounding investment keeps its
 * running interest in `accrued_interest`, moved by the same accrual statement that writes the day's row, so the
 * next day's amount is (principal + interest so far) × rate without summing the accruals again. Investments
 * bought before this existed accrued simple interest and keep doing so.
 */
export const investmentTerms: Migration = {
  name: '005_investment_terms',
  up: async (knex) => {
    await knex.raw(`
      ALTER TABLE investments
        ADD COLUMN daily_rate numeric(5,2),
        ADD COLUMN compound boolean NOT NULL DEFAULT false,
        ADD COLUMN accrued_interest numeric(18,8) NOT NULL DEFAULT 0 CHECK (accrued_interest >= 0)`);
    await knex.raw(
      'UPDATE investments i SET daily_rate = p.daily_interest_rate FROM plans p WHERE p.id = i.plan_id',
    );
    await knex.raw(
      `UPDATE investments i SET accrued_interest = s.total
         FROM (SELECT investment_id, sum(amount) AS total FROM accruals GROUP BY investment_id) s
        WHERE s.investment_id = i.id`,
    );
    await knex.raw('ALTER TABLE investments ALTER COLUMN daily_rate SET NOT NULL');
  },
};
