import type { Migration } from '@cropvest/service-kit/db';

/**
 * Funded payouts (docs/decisions/0091-funded-payouts.md). Plans existing now are `legacy` (paid as before, from
 * the wallet's `interest_paid`); every plan created from now on is `funded`: paid only from its recorded
 * proceeds and reserve allocations. Each investment keeps the principal disbursed to the operator and, after a
 * settlement, the shortfall it bore. The records an admin keeps (disbursements and each investment's share,
 * proceeds, the reserve fund's contributions and allocations, settlements) are rows here; the wallet moves the
 * money from the events they publish.
 */
export const planFunding: Migration = {
  name: '010_plan_funding',
  up: async (knex) => {
    await knex.raw(`ALTER TABLE plans
      ADD COLUMN funding_model text NOT NULL DEFAULT 'legacy' CHECK (funding_model IN ('legacy', 'funded')),
      ADD COLUMN payout_status text NOT NULL DEFAULT 'open'
        CHECK (payout_status IN ('open', 'paying', 'settlement_needed', 'postponed', 'settled', 'failed')),
      ADD COLUMN payout_postponed_to date,
      ADD COLUMN failure_report text,
      ADD COLUMN proceeds_received numeric(18,8) NOT NULL DEFAULT 0,
      ADD COLUMN reserve_allocated numeric(18,8) NOT NULL DEFAULT 0,
      ADD COLUMN paid_from_proceeds numeric(18,8) NOT NULL DEFAULT 0,
      ADD CONSTRAINT plans_paid_funded CHECK (
        funding_model = 'legacy' OR paid_from_proceeds <= proceeds_received + reserve_allocated)`);
    await knex.raw(`ALTER TABLE plans ALTER COLUMN funding_model SET DEFAULT 'funded'`);
    await knex.raw(`ALTER TABLE investments
      ADD COLUMN disbursed_principal numeric(18,8) NOT NULL DEFAULT 0,
      ADD COLUMN shortfall numeric(18,8) NOT NULL DEFAULT 0 CHECK (shortfall >= 0),
      ADD CONSTRAINT investments_disbursed_in_range CHECK (disbursed_principal >= 0 AND disbursed_principal <= principal)`);

    const evidence = `network text CHECK (network IN ('TRC20', 'ERC20', 'BEP20')),
        txid text,
        evidence_url text,
        CHECK ((network IS NULL) = (txid IS NULL))`;
    await knex.raw(`
      CREATE TABLE plan_disbursements (
        id uuid PRIMARY KEY,
        plan_id uuid NOT NULL REFERENCES plans(id),
        amount numeric(18,8) NOT NULL CHECK (amount > 0),
        disbursed_on date NOT NULL,
        note text,
        investments integer NOT NULL,
        ${evidence},
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await knex.raw('CREATE INDEX plan_disbursements_plan ON plan_disbursements (plan_id, created_at DESC)');
    await knex.raw(`
      CREATE TABLE investment_disbursements (
        disbursement_id uuid NOT NULL REFERENCES plan_disbursements(id),
        investment_id uuid NOT NULL REFERENCES investments(id),
        amount numeric(18,8) NOT NULL CHECK (amount > 0),
        PRIMARY KEY (disbursement_id, investment_id)
      )`);
    await knex.raw(`
      CREATE TABLE plan_proceeds (
        id uuid PRIMARY KEY,
        plan_id uuid NOT NULL REFERENCES plans(id),
        amount numeric(18,8) NOT NULL CHECK (amount > 0),
        received_on date NOT NULL,
        buyer text NOT NULL,
        ${evidence},
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await knex.raw('CREATE INDEX plan_proceeds_plan ON plan_proceeds (plan_id, created_at DESC)');
    await knex.raw(`
      CREATE TABLE reserve_contributions (
        id uuid PRIMARY KEY,
        amount numeric(18,8) NOT NULL CHECK (amount > 0),
        received_on date NOT NULL,
        source text NOT NULL,
        ${evidence},
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One txid backs one record of platform money, whichever kind.
    for (const table of ['plan_disbursements', 'plan_proceeds', 'reserve_contributions'])
      await knex.raw(`CREATE UNIQUE INDEX ${table}_txid ON ${table} (lower(txid)) WHERE txid IS NOT NULL`);
    const approval = `status text NOT NULL CHECK (status IN ('awaiting_second_approval', 'approved', 'rejected')),
        requested_by uuid NOT NULL,
        approved_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        CHECK (status = 'awaiting_second_approval' OR decided_at IS NOT NULL)`;
    await knex.raw(`
      CREATE TABLE reserve_allocations (
        id uuid PRIMARY KEY,
        plan_id uuid NOT NULL REFERENCES plans(id),
        amount numeric(18,8) NOT NULL CHECK (amount > 0),
        reason text NOT NULL,
        ${approval}
      )`);
    await knex.raw('CREATE INDEX reserve_allocations_listing ON reserve_allocations (created_at DESC)');
    await knex.raw(`
      CREATE TABLE plan_settlements (
        id uuid PRIMARY KEY,
        plan_id uuid NOT NULL REFERENCES plans(id),
        action text NOT NULL CHECK (action IN ('pay_covered', 'postpone', 'pro_rata', 'fail')),
        until date,
        report text,
        ${approval}
      )`);
    // One proposal at a time per plan: a second admin approves or rejects it before another is made.
    await knex.raw(
      `CREATE UNIQUE INDEX plan_settlements_one_open ON plan_settlements (plan_id) WHERE status = 'awaiting_second_approval'`,
    );
  },
};
