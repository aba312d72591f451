import type { Migration } from '@cropvest/service-kit/db';
import { chainExistingRows } from '../audit.ts';

/**
 * The audit log becomes an append-only hash chain (decision 0066): each entry gets its position, the previous
 * entry's hash and its own. Rows already there are chained in the order they happened (time, then id). From
 * then on the database refuses UPDATE, DELETE and TRUNCATE on the table.
 */
export const auditChain: Migration = {
  name: '007_audit_chain',
  up: async (knex) => {
    await knex.schema.alterTable('audit_logs', (t) => {
      t.bigInteger('seq');
      t.specificType('prev_hash', 'char(64)');
      t.specificType('hash', 'char(64)');
    });
    // Keeps new entries out while the existing ones are chained (an identity replica still on the old code).
    await knex.raw('LOCK TABLE audit_logs IN SHARE ROW EXCLUSIVE MODE');
    for await (const batch of chainExistingRows(knex)) {
      await knex.raw(
        `UPDATE audit_logs a SET seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
           FROM unnest(?::uuid[], ?::bigint[], ?::text[], ?::text[]) AS v(id, seq, prev_hash, hash)
          WHERE a.id = v.id`,
        [
          batch.map((e) => e.id),
          batch.map((e) => e.seq),
          batch.map((e) => e.prevHash),
          batch.map((e) => e.hash),
        ],
      );
    }
    await knex.raw(`ALTER TABLE audit_logs ALTER COLUMN seq SET NOT NULL, ALTER COLUMN prev_hash SET NOT NULL,
      ALTER COLUMN hash SET NOT NULL, ADD CONSTRAINT audit_logs_seq_unique UNIQUE (seq)`);
    await knex.raw(`
      CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await knex.raw(`CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
      FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`);
    await knex.raw(`CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
      FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only()`);
  },
};
