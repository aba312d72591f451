import type { Migration } from '@cropvest/service-kit/db';
import { dailyOfInvestments, EVENTS, signedRows, upsertDaily, upsertTerms } from './009_report_rollups.ts';
import { notCancelled } from './013_suitability_and_reconsidering.ts';
import { withRunningInterest } from './015_compounding_interest.ts';

/**
 * The investments' rollup triggers return at once when no row of their statement can count
 * (docs/decisions/0115-hot-plan-purchase-path.md): a row counts in `report_daily` only once activated or
 * completed, in `report_active_terms` only while active. A purchase records its investment pending in the
 * statement that holds the hot plan's row lock, and the sweeper's lease claims and a failed debit change pending
 * rows only: those statements no longer run the two rollup upserts (which found nothing to add) while they hold
 * their locks. Every statement that changes a counted row runs them as before.
 */
export const rollupTriggersSkipPending: Migration = {
  name: '016_rollup_triggers_skip_pending',
  up: async (knex) => {
    for (const event of EVENTS) {
      await knex.raw(`
        CREATE OR REPLACE FUNCTION report_investments_${event}() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          IF NOT EXISTS (SELECT 1 FROM (${signedRows(event)}) r
                          WHERE status = 'active' OR activated_at IS NOT NULL OR completed_at IS NOT NULL) THEN
            RETURN NULL;
          END IF;
          ${upsertDaily(dailyOfInvestments(notCancelled(signedRows(event))))};
          ${upsertTerms(withRunningInterest(signedRows(event)))};
          RETURN NULL;
        END $$`);
    }
  },
};
