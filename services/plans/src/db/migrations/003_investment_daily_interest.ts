import type { Migration } from '@cropvest/service-kit/db';

/**
 * Each investment carries its day's interest at the plan's current rate (half-even to 8 places), computed when
 * it is bought and again, for the whole plan in one statement, when an admin changes the rate: the daily
 * accrual then copies it instead of recomputing it for every row every day.
 */
export const dailyInterestColumn: Migration = {
  name: '003_investment_daily_interest',
  up: async (knex) => {
    await knex.raw('ALTER TABLE investments ADD COLUMN daily_interest numeric(18,8)');
    await knex.raw(
      'UPDATE investments i SET daily_interest = round_half_even8(i.principal * p.daily_interest_rate * 0.01) FROM plans p WHERE p.id = i.plan_id',
    );
    await knex.raw('ALTER TABLE investments ALTER COLUMN daily_interest SET NOT NULL');
  },
};
