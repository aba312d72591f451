import type { Migration } from '@cropvest/service-kit/db';
import {
  dailyOfAccruals,
  dailyOfInvestments,
  EVENTS,
  signedRows,
  upsertDaily,
  upsertTerms,
} from './009_report_rollups.ts';
import { notCancelled } from './013_suitability_and_reconsidering.ts';

/** Investment rows with their running interest from `compounding_interest` (none kept: 0). */
export const withRunningInterest = (rows: string) => `
  SELECT r.*, coalesce(c.accrued_interest, 0) AS accrued_interest
    FROM (${rows}) r LEFT JOIN compounding_interest c ON c.investment_id = r.id`;

/**
 * A compounding investment's running interest moves out of `investments` into a narrow table of its own
 * (docs/decisions/0113-compounding-interest-side-table.md): the daily accrual updated half a million rows of a
 * wide table with nine indexes and statement triggers whose transition tables copy every old and new row, and
 * now updates a two-column row that no index or trigger watches and that has room on its page (fillfactor 50)
 * for a heap-only update. A row exists once an investment has compounded for a day; none means 0, and it always
 * equals the sum of the investment's accrual rows. The accrual statement adds the day's sums to
 * `report_active_terms` itself; the investments' triggers read the running interest of the rows they count
 * from here, so an investment leaving `active` still takes its interest with it.
 */
export const compoundingInterest: Migration = {
  name: '015_compounding_interest',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE compounding_interest (
        investment_id uuid PRIMARY KEY REFERENCES investments(id) ON DELETE CASCADE,
        accrued_interest numeric(18,8) NOT NULL CHECK (accrued_interest >= 0)
      ) WITH (fillfactor = 50)`);
    await knex.raw(`
      INSERT INTO compounding_interest (investment_id, accrued_interest)
      SELECT id, accrued_interest FROM investments WHERE accrued_interest <> 0 ORDER BY id`);
    for (const event of EVENTS) {
      await knex.raw(`
        CREATE OR REPLACE FUNCTION report_investments_${event}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          ${upsertDaily(dailyOfInvestments(notCancelled(signedRows(event))))};
          ${upsertTerms(withRunningInterest(signedRows(event)))};
          RETURN NULL;
        END $$`);
    }
    await knex.raw(`
      CREATE OR REPLACE FUNCTION report_rollups_rebuild() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        LOCK TABLE investments, accruals, compounding_interest IN SHARE MODE;
        DELETE FROM report_daily;
        DELETE FROM report_active_terms;
        ${upsertDaily(`${dailyOfInvestments(notCancelled('SELECT 1 AS sign, * FROM investments'))}
          UNION ALL ${dailyOfAccruals('SELECT 1 AS sign, * FROM accruals')}`)};
        ${upsertTerms(withRunningInterest('SELECT 1 AS sign, * FROM investments'))};
      END $$`);
    await knex.raw('ALTER TABLE investments DROP COLUMN accrued_interest');
  },
};
