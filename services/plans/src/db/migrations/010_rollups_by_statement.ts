import type { Migration } from '@cropvest/service-kit';
import { ROLLUPS_WRITTEN_BY_STATEMENT } from '../accrual.ts';
import { EVENTS, rollupFunctionsSql } from './009_report_rollups.ts';

/**
 * The rollup triggers leave alone a statement that adds its own sums (the day's accrual, which has them at hand:
 * re-reading its million changed rows from the transition tables tripled the day's time). Such a statement's
 * transaction turns `ROLLUPS_WRITTEN_BY_STATEMENT` on around it, and only around it.
 */
export const rollupsByStatement: Migration = {
  name: '010_rollups_by_statement',
  up: async (knex) => {
    const guard = `IF current_setting('${ROLLUPS_WRITTEN_BY_STATEMENT}', true) = 'on' THEN RETURN NULL; END IF;`;
    for (const event of EVENTS) for (const sql of rollupFunctionsSql(event, guard)) await knex.raw(sql);
  },
};
