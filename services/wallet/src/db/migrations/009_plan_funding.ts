import type { Migration } from '@cropvest/service-kit/db';

/** The per-plan accounts (docs/decisions/0091-funded-payouts.md), created on a plan's first movement. */
export const PLAN_ACCOUNT_KINDS = ['plan_operator', 'plan_proceeds'] as const;

/**
 * Funded payouts (docs/decisions/0091-funded-payouts.md): each plan gets two platform accounts (its principal
 * with the operator, its proceeds and the reserve allocated to it) and the platform one reserve fund. Harvests
 * of funded plans are paid from the plan's proceeds, which, like the reserve fund and every user account, can
 * never go below zero: a payout that was not funded is refused by the database. `interest_paid` keeps paying
 * the plans created before this migration (they carry `funding_model = 'legacy'` in the plans service).
 */
export const planFunding: Migration = {
  name: '009_plan_funding',
  up: async (knex) => {
    await knex.raw('ALTER TABLE accounts ADD COLUMN plan_id uuid');
    await knex.raw(`ALTER TABLE accounts
      DROP CONSTRAINT accounts_kind_check,
      ADD CONSTRAINT accounts_kind_check CHECK (
        (user_id IS NOT NULL AND plan_id IS NULL AND kind IN ('available', 'hold', 'invested'))
        OR (user_id IS NULL AND plan_id IS NULL
            AND kind IN ('deposits_inflow', 'withdrawals_outflow', 'interest_paid', 'adjustments', 'reserve_fund'))
        OR (user_id IS NULL AND plan_id IS NOT NULL AND kind IN ('plan_operator', 'plan_proceeds'))),
      ADD CONSTRAINT accounts_funding_nonnegative CHECK (kind NOT IN ('plan_proceeds', 'reserve_fund') OR balance >= 0)`);
    await knex.raw('DROP INDEX accounts_platform_kind');
    await knex.raw(
      'CREATE UNIQUE INDEX accounts_platform_kind ON accounts (kind) WHERE user_id IS NULL AND plan_id IS NULL',
    );
    await knex.raw(
      'CREATE UNIQUE INDEX accounts_plan_kind ON accounts (plan_id, kind) WHERE plan_id IS NOT NULL',
    );
    await knex.raw(`INSERT INTO accounts (id, kind) VALUES (gen_random_uuid(), 'reserve_fund')`);
    const transferKinds = [
      ...['deposit', 'withdrawal_hold', 'withdrawal_settle', 'withdrawal_release', 'investment'],
      ...['harvest_principal', 'harvest_interest', 'adjustment'],
      ...['disbursement', 'proceeds', 'reserve_contribution', 'reserve_allocation'],
    ];
    await knex.raw(`ALTER TABLE transfers DROP CONSTRAINT transfers_kind_check,
      ADD CONSTRAINT transfers_kind_check CHECK (kind IN (${transferKinds.map((kind) => `'${kind}'`).join(', ')}))`);
  },
};
