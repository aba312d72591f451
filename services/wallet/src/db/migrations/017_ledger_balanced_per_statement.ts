import type { Migration } from '@cropvest/service-kit/db';

/**
 * Every transfer's entries are checked once per insert statement instead of once per entry at commit
 * (docs/decisions/0134-harvest-day.md). The deferred row trigger ran a query per entry: a harvest batch's 600
 * entries made 600 function calls at commit, about a third of the payout's time in the database. Both writers
 * insert a transfer's two entries in one statement, so the check now runs after that statement, over the
 * transfers it touched, in one grouped query. It is stricter than before: an entry and its twin written in two
 * statements are refused at the first, as is a third entry for any transfer.
 */
export const ledgerBalancedPerStatement: Migration = {
  name: '017_ledger_balanced_per_statement',
  up: async (knex) => {
    await knex.raw('DROP TRIGGER ledger_entries_balanced ON ledger_entries');
    await knex.raw('DROP FUNCTION ledger_transfer_balanced()');
    await knex.raw(`CREATE FUNCTION ledger_transfers_balanced() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      DECLARE unbalanced record;
      BEGIN
        -- Each written transfer's entries through the transfer_id index (LATERAL): the planner cannot size the
        -- transition table, and a semi-join chose to scan the whole ledger at every insert.
        SELECT w.transfer_id, c.entries, c.total INTO unbalanced
          FROM (SELECT DISTINCT transfer_id FROM written) w
         CROSS JOIN LATERAL (SELECT count(*) AS entries, sum(e.amount) AS total
                               FROM ledger_entries e WHERE e.transfer_id = w.transfer_id) c
         WHERE c.entries <> 2 OR c.total <> 0
         LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'transfer % is unbalanced (% entries, sum %)',
            unbalanced.transfer_id, unbalanced.entries, unbalanced.total;
        END IF;
        RETURN NULL;
      END $$`);
    await knex.raw(`CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
      REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_balanced()`);
  },
};
