import type { Migration } from '@cropvest/service-kit/db';

/**
 * A plan's investments by status, then investor (docs/decisions/0134-harvest-day.md): the harvest takes a ripe
 * plan's active investments in investor order, so each batch pays a few investors' investments together and the
 * wallet announces one balance per investor and batch instead of one per investment. It replaces the index on
 * (plan_id, status), whose every use it still serves, so a purchase writes no more index entries than before.
 */
export const harvestByInvestor: Migration = {
  name: '017_harvest_by_investor',
  up: async (knex) => {
    await knex.raw('CREATE INDEX investments_plan_status_user ON investments (plan_id, status, user_id)');
    await knex.raw('DROP INDEX investments_plan_status');
  },
};
