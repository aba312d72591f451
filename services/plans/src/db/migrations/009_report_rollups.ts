import type { Migration } from '@cropvest/service-kit/db';

/**
 * The reports' rollups (docs/decisions/0072-report-rollups.md), kept by statement-level triggers in the same
 * transaction as the rows they count, so every report reads a few thousand rows instead of a million:
 * - `report_daily`: per UTC day and plan, money invested (by activation), principal and interest paid (by
 *   harvest), interest accrued (the accruals);
 * - `report_active_terms`: the active investments summed per plan and terms (compounding, rate, creation day),
 *   all the harvest calendar and the interest so far need.
 * Each trigger sums its statement's transition tables (new rows counted +1, old rows −1) and adds the sums
 * with one upsert in key order (so two writers lock the same rows in the same order).
 */

/** One row's contributions to `report_daily`, signed. */
export const dailyOfInvestments = (rows: string) => `
  SELECT (activated_at AT TIME ZONE 'UTC')::date AS day, plan_id, sign * principal AS invested, sign AS investments,
         0 AS principal_harvested, 0 AS interest_paid, 0 AS investments_harvested, 0 AS interest_accrued
    FROM (${rows}) r WHERE activated_at IS NOT NULL
  UNION ALL
  SELECT (completed_at AT TIME ZONE 'UTC')::date, plan_id, 0, 0, sign * principal, sign * interest_earned, sign, 0
    FROM (${rows}) r WHERE completed_at IS NOT NULL`;

export const dailyOfAccruals = (rows: string) => `
  SELECT r.day, i.plan_id, 0 AS invested, 0 AS investments, 0 AS principal_harvested, 0 AS interest_paid,
         0 AS investments_harvested, r.sign * r.amount AS interest_accrued
    FROM (${rows}) r JOIN investments i ON i.id = r.investment_id`;

export const upsertDaily = (contributions: string) => `
  INSERT INTO report_daily (day, plan_id, invested, investments, principal_harvested, interest_paid,
                            investments_harvested, interest_accrued)
  SELECT day, plan_id, sum(invested), sum(investments), sum(principal_harvested), sum(interest_paid),
         sum(investments_harvested), sum(interest_accrued)
    FROM (${contributions}) c
   GROUP BY day, plan_id
  HAVING sum(invested) <> 0 OR sum(investments) <> 0 OR sum(principal_harvested) <> 0 OR sum(interest_paid) <> 0
      OR sum(investments_harvested) <> 0 OR sum(interest_accrued) <> 0
   ORDER BY day, plan_id
  ON CONFLICT (day, plan_id) DO UPDATE SET
    invested = report_daily.invested + EXCLUDED.invested,
    investments = report_daily.investments + EXCLUDED.investments,
    principal_harvested = report_daily.principal_harvested + EXCLUDED.principal_harvested,
    interest_paid = report_daily.interest_paid + EXCLUDED.interest_paid,
    investments_harvested = report_daily.investments_harvested + EXCLUDED.investments_harvested,
    interest_accrued = report_daily.interest_accrued + EXCLUDED.interest_accrued`;

export const upsertTerms = (rows: string) => `
  INSERT INTO report_active_terms (plan_id, compound, daily_rate, created_day, investments, principal,
                                   daily_interest, accrued_interest)
  SELECT plan_id, compound, daily_rate, (created_at AT TIME ZONE 'UTC')::date, sum(sign), sum(sign * principal),
         sum(sign * daily_interest), sum(sign * accrued_interest)
    FROM (${rows}) r WHERE status = 'active'
   GROUP BY 1, 2, 3, 4
  HAVING sum(sign) <> 0 OR sum(sign * principal) <> 0 OR sum(sign * daily_interest) <> 0
      OR sum(sign * accrued_interest) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (plan_id, compound, daily_rate, created_day) DO UPDATE SET
    investments = report_active_terms.investments + EXCLUDED.investments,
    principal = report_active_terms.principal + EXCLUDED.principal,
    daily_interest = report_active_terms.daily_interest + EXCLUDED.daily_interest,
    accrued_interest = report_active_terms.accrued_interest + EXCLUDED.accrued_interest`;

/** The signed rows of a statement, from the transition tables its event has. */
export const signedRows = (event: 'insert' | 'update' | 'delete') =>
  ({
    insert: 'SELECT 1 AS sign, * FROM new_rows',
    update: 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows',
    delete: 'SELECT -1 AS sign, * FROM old_rows',
  })[event];

const transitions = (event: 'insert' | 'update' | 'delete') =>
  ({
    insert: 'REFERENCING NEW TABLE AS new_rows',
    update: 'REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows',
    delete: 'REFERENCING OLD TABLE AS old_rows',
  })[event];

export const EVENTS = ['insert', 'update', 'delete'] as const;

export const reportRollups: Migration = {
  name: '009_report_rollups',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE report_daily (
        day date NOT NULL,
        plan_id uuid NOT NULL,
        invested numeric NOT NULL DEFAULT 0,
        investments bigint NOT NULL DEFAULT 0,
        principal_harvested numeric NOT NULL DEFAULT 0,
        interest_paid numeric NOT NULL DEFAULT 0,
        investments_harvested bigint NOT NULL DEFAULT 0,
        interest_accrued numeric NOT NULL DEFAULT 0,
        PRIMARY KEY (day, plan_id)
      )`);
    await knex.raw(`
      CREATE TABLE report_active_terms (
        plan_id uuid NOT NULL,
        compound boolean NOT NULL,
        daily_rate numeric NOT NULL,
        created_day date NOT NULL,
        investments bigint NOT NULL DEFAULT 0,
        principal numeric NOT NULL DEFAULT 0,
        daily_interest numeric NOT NULL DEFAULT 0,
        accrued_interest numeric NOT NULL DEFAULT 0,
        PRIMARY KEY (plan_id, compound, daily_rate, created_day)
      )`);
    for (const event of EVENTS) {
      await knex.raw(`
        CREATE FUNCTION report_investments_${event}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          ${upsertDaily(dailyOfInvestments(signedRows(event)))};
          ${upsertTerms(signedRows(event))};
          RETURN NULL;
        END $$`);
      await knex.raw(`
        CREATE TRIGGER report_investments_${event} AFTER ${event.toUpperCase()} ON investments
          ${transitions(event)} FOR EACH STATEMENT EXECUTE FUNCTION report_investments_${event}()`);
      await knex.raw(`
        CREATE FUNCTION report_accruals_${event}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          ${upsertDaily(dailyOfAccruals(signedRows(event)))};
          RETURN NULL;
        END $$`);
      await knex.raw(`
        CREATE TRIGGER report_accruals_${event} AFTER ${event.toUpperCase()} ON accruals
          ${transitions(event)} FOR EACH STATEMENT EXECUTE FUNCTION report_accruals_${event}()`);
    }
    // The backfill, also what a bench that seeds with the triggers off calls to rebuild them.
    await knex.raw(`
      CREATE FUNCTION report_rollups_rebuild() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        LOCK TABLE investments, accruals IN SHARE MODE;
        DELETE FROM report_daily;
        DELETE FROM report_active_terms;
        ${upsertDaily(`${dailyOfInvestments('SELECT 1 AS sign, * FROM investments')}
          UNION ALL ${dailyOfAccruals('SELECT 1 AS sign, * FROM accruals')}`)};
        ${upsertTerms('SELECT 1 AS sign, * FROM investments')};
      END $$`);
    await knex.raw('SELECT report_rollups_rebuild()');
  },
};
