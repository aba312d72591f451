import type { Migration } from '@cropvest/service-kit/db';
import {
  dailyOfAccruals,
  dailyOfInvestments,
  EVENTS,
  signedRows,
  upsertDaily,
  upsertTerms,
} from './009_report_rollups.ts';

/** The end of the fourth calendar day (UTC) after the day of `purchase`: midnight UTC five days after its day. */
const WINDOW_END = (purchase: string) =>
  `((date_trunc('day', ${purchase} AT TIME ZONE 'UTC') + interval '5 days') AT TIME ZONE 'UTC')`;

/** The rows of `rows` that still count as money invested: a cancelled investment's principal went back. */
export const notCancelled = (rows: string) => `SELECT * FROM (${rows}) counted WHERE status <> 'cancelled'`;

/**
 * Suitability answers and the four days to reconsider (docs/decisions/0094-suitability-and-reconsidering.md):
 * - `suitability_answers`: every version of an investor's answers, with the loss capacity they gave;
 * - investments gain status `cancelled`, `cancelled_at`, and `cancellable_until`, the end of the fourth calendar
 *   day (UTC) after the day of purchase, set by the database when the purchase is recorded so no clock but its
 *   own decides; and what the purchase was checked against (the answers' version and the warning acknowledged);
 * - the reports' rollups stop counting a cancelled investment as invested (its accruals are deleted with it,
 *   which the accruals' own triggers subtract).
 */
export const suitabilityAndReconsidering: Migration = {
  name: '013_suitability_and_reconsidering',
  up: async (knex) => {
    await knex.raw(`
      CREATE TABLE suitability_answers (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        experience text NOT NULL CHECK (experience IN ('none', 'some', 'experienced')),
        purpose text NOT NULL CHECK (purpose IN ('savings', 'income', 'growth', 'speculation')),
        net_worth numeric(18,8) CHECK (net_worth >= 0),
        yearly_income numeric(18,8) CHECK (yearly_income >= 0),
        loss_capacity numeric(18,8) NOT NULL CHECK (loss_capacity >= 0),
        warning_threshold numeric(18,8) NOT NULL CHECK (warning_threshold >= 0),
        answered_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT suitability_answers_wealth CHECK (net_worth IS NOT NULL OR yearly_income IS NOT NULL),
        CONSTRAINT suitability_answers_version UNIQUE (user_id, version)
      )`);
    await knex.raw(`
      ALTER TABLE investments
        DROP CONSTRAINT investments_status_check,
        ADD CONSTRAINT investments_status_check CHECK (status IN ('pending', 'active', 'failed', 'completed', 'cancelled')),
        ADD COLUMN cancellable_until timestamptz,
        ADD COLUMN cancelled_at timestamptz,
        ADD COLUMN suitability_answers_id uuid REFERENCES suitability_answers(id),
        ADD COLUMN loss_warning text,
        ADD CONSTRAINT investments_cancelled_at CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))`);
    // Set by the database at the purchase (the same transaction's now() as created_at), never by a client's clock.
    await knex.raw(`UPDATE investments SET cancellable_until = ${WINDOW_END('created_at')}`);
    await knex.raw(`ALTER TABLE investments
      ALTER COLUMN cancellable_until SET DEFAULT ${WINDOW_END('now()')},
      ALTER COLUMN cancellable_until SET NOT NULL`);
    await knex.raw(
      "CREATE INDEX investments_listed_all ON investments (created_at DESC, id DESC) WHERE status IN ('active', 'completed', 'cancelled')",
    );
    for (const event of EVENTS) {
      await knex.raw(`
        CREATE OR REPLACE FUNCTION report_investments_${event}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          ${upsertDaily(dailyOfInvestments(notCancelled(signedRows(event))))};
          ${upsertTerms(signedRows(event))};
          RETURN NULL;
        END $$`);
    }
    await knex.raw(`
      CREATE OR REPLACE FUNCTION report_rollups_rebuild() RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        LOCK TABLE investments, accruals IN SHARE MODE;
        DELETE FROM report_daily;
        DELETE FROM report_active_terms;
        ${upsertDaily(`${dailyOfInvestments(notCancelled('SELECT 1 AS sign, * FROM investments'))}
          UNION ALL ${dailyOfAccruals('SELECT 1 AS sign, * FROM accruals')}`)};
        ${upsertTerms('SELECT 1 AS sign, * FROM investments')};
      END $$`);
  },
};
