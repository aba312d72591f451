import type { Migration } from '@cropvest/service-kit/db';

/**
 * Manual balance adjustments under the four-eyes rule (docs/decisions/0060-four-eyes-approval.md): every
 * admin balance edit is a row here, applied at once below the threshold or held until a second admin approves
 * or anyone rejects. `amount` and `direction` are the signed change the requesting admin asked for, which is
 * what an approval applies. The idempotency key of identity's command makes a retried command answer the row
 * it made. The requester never applies a held adjustment (a constraint, besides the check in the code).
 */
export const balanceAdjustments: Migration = {
  name: '004_balance_adjustments',
  up: async (knex) => {
    await knex.schema.createTable('balance_adjustments', (t) => {
      t.uuid('id').primary();
      t.text('idempotency_key').notNullable().unique();
      t.uuid('user_id').notNullable();
      t.specificType('direction', 'text').notNullable();
      t.decimal('amount', 18, 8).notNullable();
      t.text('reason').notNullable();
      t.decimal('previous_balance', 18, 8).notNullable();
      t.boolean('requires_second_approval').notNullable();
      t.text('status').notNullable();
      t.uuid('requested_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.uuid('reviewed_by');
      t.timestamp('reviewed_at', { useTz: true });
      t.text('rejection_reason');
      t.uuid('transfer_id');
    });
    await knex.raw(`ALTER TABLE balance_adjustments
      ADD CONSTRAINT balance_adjustments_direction CHECK (direction IN ('in', 'out')),
      ADD CONSTRAINT balance_adjustments_amount CHECK (amount > 0),
      ADD CONSTRAINT balance_adjustments_status
        CHECK (status IN ('awaiting_second_approval', 'applied', 'rejected')),
      ADD CONSTRAINT balance_adjustments_four_eyes
        CHECK (status <> 'applied' OR NOT requires_second_approval OR reviewed_by <> requested_by)`);
    await knex.raw('CREATE INDEX balance_adjustments_created ON balance_adjustments (created_at, id)');
    await knex.raw(
      'CREATE INDEX balance_adjustments_user_created ON balance_adjustments (user_id, created_at, id)',
    );
    await knex.raw(
      'CREATE INDEX balance_adjustments_status_created ON balance_adjustments (status, created_at, id)',
    );
  },
};
