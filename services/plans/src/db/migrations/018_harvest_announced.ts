import type { Migration } from '@cropvest/service-kit/db';

/**
 * When a plan's investors were told of its harvest, once each, with their totals (`plan.harvest_paid`;
 * docs/decisions/0134-harvest-day.md). Plans already harvested count as told: they were, one notice per
 * investment, before this column existed.
 */
export const harvestAnnounced: Migration = {
  name: '018_harvest_announced',
  up: async (knex) => {
    await knex.raw('ALTER TABLE plans ADD COLUMN harvest_announced_at timestamptz');
    await knex.raw(`
      UPDATE plans p SET harvest_announced_at = now()
       WHERE EXISTS (SELECT 1 FROM investments i WHERE i.plan_id = p.id AND i.status = 'completed')
         AND NOT EXISTS (SELECT 1 FROM investments i WHERE i.plan_id = p.id AND i.status IN ('active', 'pending'))`);
  },
};
