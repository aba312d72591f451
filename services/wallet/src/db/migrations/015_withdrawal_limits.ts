import type { Migration } from '@cropvest/service-kit/db';

/**
 * Raises of one investor's withdrawal limits (docs/decisions/0099-withdrawal-limits.md): every raise an admin asks
 * for is a row, applied at once when each increase is below the four-eyes threshold, otherwise held until a
 * different admin approves or anyone rejects. The investor's raised limits are those of their latest applied raise.
 * The requester never applies a held raise (a constraint, besides the check in the code), and one raise at most
 * awaits a second approval per investor (a partial unique index).
 */
export const withdrawalLimits: Migration = {
  name: '015_withdrawal_limits',
  up: async (knex) => {
    await knex.schema.createTable('withdrawal_limit_raises', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable();
      t.decimal('daily_limit', 18, 8).notNullable();
      t.decimal('monthly_limit', 18, 8).notNullable();
      t.decimal('previous_daily_limit', 18, 8).notNullable();
      t.decimal('previous_monthly_limit', 18, 8).notNullable();
      t.text('reason').notNullable();
      t.boolean('requires_second_approval').notNullable();
      t.text('status').notNullable();
      t.uuid('requested_by').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.uuid('reviewed_by');
      t.timestamp('reviewed_at', { useTz: true });
      t.text('rejection_reason');
    });
    await knex.raw(`ALTER TABLE withdrawal_limit_raises
      ADD CONSTRAINT withdrawal_limit_raises_positive CHECK (daily_limit > 0 AND monthly_limit >= daily_limit),
      ADD CONSTRAINT withdrawal_limit_raises_status
        CHECK (status IN ('awaiting_second_approval', 'applied', 'rejected')),
      ADD CONSTRAINT withdrawal_limit_raises_four_eyes
        CHECK (status <> 'applied' OR NOT requires_second_approval OR reviewed_by <> requested_by)`);
    await knex.raw(
      'CREATE INDEX withdrawal_limit_raises_user_created ON withdrawal_limit_raises (user_id, created_at DESC, id DESC)',
    );
    await knex.raw(
      `CREATE UNIQUE INDEX withdrawal_limit_raises_one_held ON withdrawal_limit_raises (user_id)
        WHERE status = 'awaiting_second_approval'`,
    );
  },
};
