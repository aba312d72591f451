import type { Migration } from '@cropvest/service-kit/db';

/** One lock per user shared by the three search triggers (the class keeps it apart from other advisory locks). */
const USER_SEARCH_LOCK = `pg_advisory_xact_lock(hashtext('transfer_search'), hashtext(%s::text))`;

/**
 * A deposit or withdrawal recorded at the moment its user reaches the directory could miss both ways (found by CI):
 * its insert read no user yet, and the directory's rewrite of the user's rows did not see the uncommitted row, so
 * the row stayed unsearchable by name or email for good. Both now take a lock per user first, so the later one
 * runs after the earlier committed and sees it. Inserts only: an update of a row's reference happens once its user
 * is known, and locking there (while the row is locked) could deadlock with the directory's rewrite.
 */
export const transferSearchRace: Migration = {
  name: '011_transfer_search_race',
  up: async (knex) => {
    for (const [table, reference] of [
      ['deposits', 'txid'],
      ['withdrawals', 'wallet_address'],
    ] as const)
      await knex.raw(`
        CREATE OR REPLACE FUNCTION ${table}_search() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM ${USER_SEARCH_LOCK.replace('%s', 'NEW.user_id')};
          END IF;
          NEW.search := transfer_search(NEW.user_id, NEW.${reference});
          RETURN NEW;
        END $$`);
    await knex.raw(`
      CREATE OR REPLACE FUNCTION users_transfer_search() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        PERFORM ${USER_SEARCH_LOCK.replace('%s', 'NEW.id')};
        UPDATE deposits SET search = transfer_search(user_id, txid) WHERE user_id = NEW.id;
        UPDATE withdrawals SET search = transfer_search(user_id, wallet_address) WHERE user_id = NEW.id;
        RETURN NULL;
      END $$`);
  },
};
